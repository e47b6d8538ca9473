import { stat } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { V1Api } from '@journey-bridge/client';
import type { CallContext, ContextualV1Api } from '../contextual-api.js';
import { ShadowThreadError } from '../errors/shadow-thread-error.js';
import type { Side } from '../types.js';
import { type FromShadowThread, fromWireError, type ShadowThreadData, type ToShadowThread } from './messages.js';

/**
 * The default export of a sides module: builds the two APIs the shadow's calls go through, in the shadow thread,
 * from the module's `data`. Normally the same v1 client and adapter the cutover is given, built again there.
 */
export type ShadowSidesFactory = (
  data: unknown,
) => Readonly<Record<Side, V1Api | ContextualV1Api>> | Promise<Readonly<Record<Side, V1Api | ContextualV1Api>>>;

/** Where the shadow's calls run when they run on a thread of their own. */
export interface ShadowThreadOptions {
  /** A module whose default export is a `ShadowSidesFactory`, as a URL or an absolute file URL string. */
  module: URL | string;
  /** What the factory is called with; it crosses the thread, so it must be structured-cloneable. @default undefined */
  data?: unknown;
  /**
   * Runs the thread at the lowest CPU priority, so that on a busy machine the primary's calls go first and the
   * shadow falls behind (its queue then sheds). Linux only, where the nice value is per thread. @default true
   */
  lowPriority?: boolean;
}

/** Both sides as APIs whose calls run on the shadow thread, and how to end it. */
export interface ShadowThread {
  readonly sides: Readonly<Record<Side, ContextualV1Api>>;
  /** Ends the thread; calls still running fail with `ShadowThreadError`. */
  close(): Promise<void>;
}

/** The worker entry: the TypeScript source when run from source (through tsx), else the built file beside this one. */
function startWorker(workerData: ShadowThreadData): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./shadow-worker.mjs', import.meta.url), { workerData });
  // From source a worker does not inherit this thread's loader hooks: it registers tsx, and resolves the
  // workspace's packages to their sources as this thread does.
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const entry = JSON.stringify(new URL('./shadow-worker.ts', import.meta.url).href);
  return new Worker(`import(${tsx}).then((tsx) => { tsx.register(); return import(${entry}); })`, {
    eval: true,
    workerData,
    // Only this flag: a worker refuses the process-wide ones (V8 flags, --title) this process may have been given.
    execArgv: ['--conditions=@journey-bridge/source'],
  });
}

/**
 * Starts the thread the shadow's calls run on: the sides module builds both sides there, and each call made
 * through `sides` is sent to it with the caller's token and request id. An aborted call fails at once with its
 * signal's reason, as an in-thread call would, and the abort is forwarded. Answers come back as plain data and
 * failures by their name and message (an API failure also with its status, errors and body). The thread keeps the
 * process alive only while a call runs.
 */
export function startShadowThread(
  { module, data, lowPriority = true }: ShadowThreadOptions,
  /** Told once when the thread can run no more calls. */
  onBroken: (error: ShadowThreadError) => void,
): ShadowThread {
  // createCutover's options schema has made sure it is an absolute URL.
  const href = new URL(String(module)).href;
  // libuv's threadpool (DNS lookups, file reads, zlib) is one per process, and its threads take the nice value of the
  // thread that first queues work on it: queued here first, they run at the primary's priority, not the shadow's.
  if (lowPriority) stat(fileURLToPath(import.meta.url), () => {});
  const worker = startWorker({ module: href, data, lowPriority });
  worker.unref();
  interface Call {
    resolve(value: unknown): void;
    reject(error: unknown): void;
    readonly context: CallContext;
    readonly forwardAbort: () => void;
  }
  const pending = new Map<number, Call>();
  let closing = false;
  let broken: ShadowThreadError | undefined;
  let nextId = 0;

  const settle = (id: number): Call | undefined => {
    const call = pending.get(id);
    if (!call) return undefined;
    pending.delete(id);
    call.context.signal?.removeEventListener('abort', call.forwardAbort);
    if (pending.size === 0) worker.unref();
    return call;
  };
  const breakAll = (error: ShadowThreadError) => {
    if (!broken && !closing) onBroken(error);
    broken ??= error;
    for (const id of [...pending.keys()]) settle(id)?.reject(error);
  };

  worker.on('message', (message: FromShadowThread) => {
    if (message.type === 'broken') {
      const cause = fromWireError(message.error);
      return breakAll(new ShadowThreadError(`the shadow sides module failed: ${cause.name}`, { cause }));
    }
    const call = settle(message.id);
    if (!call) return;
    if (message.upstreamRequestId) call.context.upstreamRequestId = message.upstreamRequestId;
    if (message.type === 'answer') call.resolve(message.value);
    else call.reject(fromWireError(message.error));
  });
  worker.on('error', (error) => breakAll(new ShadowThreadError(`the shadow thread failed: ${error.name}`, { cause: error })));
  worker.on('exit', (code) => breakAll(new ShadowThreadError(`the shadow thread ended (exit code ${code})`)));

  const send = (side: Side, operation: keyof V1Api, request: unknown, context: CallContext) =>
    new Promise<unknown>((resolve, reject) => {
      if (broken) return reject(broken);
      const { signal, token, requestId } = context;
      if (signal?.aborted) return reject(signal.reason);
      const id = nextId++;
      const forwardAbort = () => {
        settle(id)?.reject(signal?.reason);
        worker.postMessage({ type: 'abort', id } satisfies ToShadowThread);
      };
      const message: ToShadowThread = {
        type: 'call',
        id,
        side,
        operation,
        request,
        context: { ...(token && { token }), ...(requestId && { requestId }) },
      };
      try {
        worker.postMessage(message);
      } catch (error) {
        // A request that cannot cross (a DataCloneError) fails alone; nothing of it is left behind.
        return reject(error);
      }
      pending.set(id, { resolve, reject, context, forwardAbort });
      worker.ref();
      signal?.addEventListener('abort', forwardAbort, { once: true });
    });

  const api = (side: Side): ContextualV1Api => {
    const withContext = (context: CallContext): V1Api => {
      // Each operation answers what the side's own operation answered in the thread.
      const remote = <K extends keyof V1Api>(operation: K) => ((request: unknown) => send(side, operation, request, context)) as V1Api[K];
      return {
        startJourney: remote('startJourney'),
        listTasks: remote('listTasks'),
        listTasksWithSchema: remote('listTasksWithSchema'),
        getTaskSchema: remote('getTaskSchema'),
        updateTask: remote('updateTask'),
        fetchState: remote('fetchState'),
      };
    };
    return { ...withContext({}), withContext };
  };

  return {
    sides: { v1: api('v1'), v2: api('v2') },
    async close() {
      closing = true;
      await worker.terminate();
    },
  };
}
