import { parentPort } from 'node:worker_threads';
import type { ImportedConstants } from '../analysis/imported-constants.js';
import { planSources } from '../plan/plan-sources.js';
import type { FromWorker, ToWorker } from './plan-in-workers.js';

const port = parentPort;
if (!port) throw new Error('plan-worker runs as a worker thread');

let deliverAnalysis: ((analysis: ImportedConstants) => void) | undefined;
const send = (message: FromWorker) => port.postMessage(message);

port.on('message', (message: ToWorker) => {
  if (message.type === 'analysis') return deliverAnalysis?.(message.analysis);
  planSources(
    message.sources,
    message.options,
    (requests) =>
      new Promise((resolve) => {
        deliverAnalysis = resolve;
        send({ type: 'requests', requests });
      }),
    () => send({ type: 'planned', file: '' }),
  ).then(
    (planned) => send({ type: 'done', planned }),
    (error: unknown) => send({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
});
