/**
 * The shadow thread: builds both sides from the module the cutover names and runs the calls it is sent, each
 * with the caller's token, until the cutover ends the thread.
 */
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { V1Api } from '@journey-bridge/client';
import { bound, type ContextualV1Api } from '../contextual-api.js';
import type { Side } from '../types.js';
import { type FromShadowThread, type ShadowThreadData, type ToShadowThread, toWireError } from './messages.js';
import type { ShadowSidesFactory } from './shadow-thread.js';

const port = parentPort;
if (!port) throw new Error('shadow-worker runs as a worker thread of the cutover');
const { module, data, lowPriority } = workerData as ShadowThreadData;
// On Linux the nice value belongs to the calling thread, so only the shadow yields the cores to the primary.
if (lowPriority && process.platform === 'linux') setPriority(19);

const send = (message: FromShadowThread) => port.postMessage(message);

/** Both sides, once the module has built them; a module whose default export does not build two APIs is refused. */
async function buildSides(): Promise<Record<Side, V1Api | ContextualV1Api>> {
  const loaded = (await import(module)) as { default?: unknown };
  if (typeof loaded.default !== 'function') throw new TypeError('the sides module has no default export that builds the sides');
  const built = (await (loaded.default as ShadowSidesFactory)(data)) as Partial<Record<Side, V1Api | ContextualV1Api>> | undefined;
  const complete = (api: unknown) => typeof (api as Partial<V1Api> | undefined)?.startJourney === 'function';
  if (!built || !complete(built.v1) || !complete(built.v2)) throw new TypeError('the sides module built no { v1, v2 } of V1Api');
  return built as Record<Side, V1Api | ContextualV1Api>;
}
const sides = buildSides();
sides.catch((error: unknown) => send({ type: 'broken', error: toWireError(error) }));

const running = new Map<number, AbortController>();

async function call(message: Extract<ToShadowThread, { type: 'call' }>): Promise<void> {
  const { id, side, operation, request, context } = message;
  const controller = new AbortController();
  running.set(id, controller);
  const callContext = { ...context, signal: controller.signal, upstreamRequestId: undefined as string | undefined };
  try {
    const api = bound((await sides)[side], callContext);
    const value = await (api[operation] as (request: unknown) => Promise<unknown>)(request);
    send({ type: 'answer', id, value, ...(callContext.upstreamRequestId && { upstreamRequestId: callContext.upstreamRequestId }) });
  } catch (error) {
    try {
      send({ type: 'failure', id, error: toWireError(error) });
    } catch {
      // A failure whose body cannot cross still fails the call, by name.
      send({
        type: 'failure',
        id,
        error: { name: error instanceof Error ? error.name : 'Error', message: 'the failure could not cross the thread' },
      });
    }
  } finally {
    running.delete(id);
  }
}

port.on('message', (message: ToShadowThread) => {
  if (message.type === 'abort') running.get(message.id)?.abort();
  else void call(message);
});
