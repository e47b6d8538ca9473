/**
 * `pnpm bench`: runs every `bench/*.bench.ts` (or those named on the command line) one after another and prints
 * each one's report. A benchmark measures its baseline in the same run and reports ratios against it.
 */
import { readdir } from 'node:fs/promises';
import { basename } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** What a `*.bench.ts` file default-exports. */
export interface Benchmark {
  /** One line: what is measured against what. */
  readonly title: string;
  /** Runs the benchmark and returns the report lines to print. */
  run(): Promise<readonly string[]>;
}

const dir = fileURLToPath(new URL('.', import.meta.url));
const wanted = process.argv.slice(2);
const files = (await readdir(dir))
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => wanted.length === 0 || wanted.some((want) => name.includes(want)))
  .sort();

for (const file of files) {
  const { default: benchmark } = (await import(pathToFileURL(`${dir}/${file}`).href)) as { default: Benchmark };
  process.stdout.write(`\n## ${basename(file, '.bench.ts')}: ${benchmark.title}\n`);
  for (const line of await benchmark.run()) process.stdout.write(`${line}\n`);
}
