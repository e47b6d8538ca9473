import { fork } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { ShimConfigInput } from '@journey-bridge/shim';

/** A shim in its own process (`shim-process.ts`). */
export interface ForkedShim {
  readonly url: string;
  /** Its resident set after a full collection, in bytes. */
  rss(): Promise<number>;
  /** Closes the shim gracefully; resolves once its process has exited. */
  close(): Promise<void>;
}

const ENTRY = fileURLToPath(new URL('./shim-process.ts', import.meta.url));

/** Forks a shim with `config`, each line it writes (stdout and stderr) handed to `onLog`. */
export async function forkShim(config: ShimConfigInput, onLog: (line: string) => void): Promise<ForkedShim> {
  const child = fork(ENTRY, [], {
    execArgv: ['--expose-gc', '--conditions=@journey-bridge/source', '--import', 'tsx'],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  for (const stream of [child.stdout, child.stderr]) if (stream) createInterface({ input: stream }).on('line', onLog);
  const exited = once(child, 'exit');
  const reply = async <T>(message: string | ShimConfigInput, key: string): Promise<T> => {
    const answer = new Promise<T>((resolve, reject) => {
      const onMessage = (value: Record<string, T>) => {
        if (!(key in value)) return;
        child.off('message', onMessage);
        resolve(value[key] as T);
      };
      child.on('message', onMessage);
      exited.then(([code]) => reject(new Error(`the shim process exited with ${code}`)));
    });
    child.send(message);
    return answer;
  };
  const url = await reply<string>(config, 'url');
  return {
    url,
    rss: () => reply<number>('rss', 'rss'),
    close: async () => {
      child.send('close');
      await exited;
    },
  };
}
