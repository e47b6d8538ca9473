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
const sides: Promise<Record<Side, V1Api | ContextualV1Api>> = import(module).then((loaded: { default: ShadowSidesFactory }) =>
  loaded.default(data),
);
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
    send({ type: 'failure', id, error: toWireError(error) });
  } finally {
    running.delete(id);
  }
}

port.on('message', (message: ToShadowThread) => {
  if (message.type === 'abort') running.get(message.id)?.abort();
  else void call(message);
});
