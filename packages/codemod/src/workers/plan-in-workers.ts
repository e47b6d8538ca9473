import { Worker } from 'node:worker_threads';
import type { ImportedConstants, ImportRequest } from '../analysis/imported-constants.js';
import type { OperationOptions } from '../plan/operations.js';
import type { PlannedSource, SourceFile } from '../plan/plan-sources.js';

/** Messages between the orchestrator and a planning worker. */
export type ToWorker =
  | { readonly type: 'plan'; readonly sources: readonly SourceFile[]; readonly options: OperationOptions }
  | { readonly type: 'analysis'; readonly analysis: ImportedConstants };
export type FromWorker =
  | { readonly type: 'requests'; readonly requests: readonly ImportRequest[] }
  | { readonly type: 'planned'; readonly file: string }
  | { readonly type: 'done'; readonly planned: readonly PlannedSource[] }
  | { readonly type: 'error'; readonly message: string };

/**
 * A planning worker. Run from source (`pnpm journey-codemod` runs under tsx), a worker thread does not inherit
 * the loader hooks of this thread, so it loads its TypeScript entry through tsx's API.
 */
function startWorker(): Worker {
  const fromSource = import.meta.url.endsWith('.ts');
  // Built, the worker is its own entry beside the chunk that starts it (see tsdown.config.ts).
  const entry = new URL(fromSource ? './plan-worker.ts' : './plan-worker.mjs', import.meta.url);
  if (!fromSource) return new Worker(entry);
  const api = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  return new Worker(`import(${api}).then((tsx) => tsx.tsImport(${JSON.stringify(entry.href)}, ${JSON.stringify(import.meta.url)}))`, {
    eval: true,
  });
}

/**
 * Plans on `cpus` worker threads. Each worker parses its share once and reports the imports it needs; the
 * orchestrator runs the one ts-morph analysis for all of them and sends it back; each worker then plans on the
 * parses it kept.
 */
export async function planInWorkers(
  sources: readonly SourceFile[],
  options: OperationOptions,
  cpus: number,
  onPlanned: () => void,
  analyse: (requests: readonly ImportRequest[]) => ImportedConstants,
): Promise<{ readonly planned: PlannedSource[]; readonly analysis: ImportedConstants }> {
  const shares: SourceFile[][] = Array.from({ length: cpus }, () => []);
  sources.forEach((source, index) => {
    shares[index % cpus]?.push(source);
  });
  const workers = shares.map(() => startWorker());
  let analysis: ImportedConstants = { resolved: {}, exports: {} };
  try {
    const requests: ImportRequest[][] = [];
    const results = workers.map(
      (worker, index) =>
        new Promise<readonly PlannedSource[]>((resolve, reject) => {
          worker.on('error', reject);
          worker.on('message', (message: FromWorker) => {
            if (message.type === 'requests') {
              requests[index] = [...message.requests];
              if (requests.filter(Boolean).length === workers.length) {
                analysis = analyse(requests.flat());
                for (const each of workers) each.postMessage({ type: 'analysis', analysis } satisfies ToWorker);
              }
            } else if (message.type === 'planned') onPlanned();
            else if (message.type === 'done') resolve(message.planned);
            else reject(new Error(message.message));
          });
          worker.postMessage({ type: 'plan', sources: shares[index] ?? [], options } satisfies ToWorker);
        }),
    );
    return { planned: (await Promise.all(results)).flat(), analysis };
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}
