import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Where `pnpm test:durations` records how long each test file took, by its path from the repository's root. */
export const durationsFile = new URL('../durations.json', import.meta.url);

/** Milliseconds each test file took when last recorded, by its path from the repository's root. */
export type RecordedDurations = Readonly<Record<string, number>>;

/** The durations `pnpm test:durations` recorded last. */
export const recordedDurations = (): RecordedDurations => JSON.parse(readFileSync(durationsFile, 'utf8')) as RecordedDurations;

/**
 * Orders `paths` longest first by `durations`; paths with no recorded duration (new files) go first, as vitest
 * puts files it has not timed, and the sort is stable, so ties keep their order.
 */
export function longestFirst<T>(items: readonly T[], pathOf: (item: T) => string, durations: RecordedDurations): T[] {
  const durationOf = (item: T) => durations[pathOf(item)] ?? Number.POSITIVE_INFINITY;
  return [...items].sort((a, b) => {
    const [left, right] = [durationOf(a), durationOf(b)];
    return left === right ? 0 : right > left ? 1 : -1;
  });
}

/**
 * Vitest's own order, then longest first by the committed durations. Vitest orders by the durations it cached in
 * node_modules, which a fresh clone (and CI) does not have; it then runs the largest files first, and a long file
 * that happens to start last leaves one core idle for seconds (8 s of 66 on this repository's 2-core machine).
 */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const durations = recordedDurations();
    const root = this.ctx.config.root;
    return longestFirst(await super.sort(files), (file) => relative(root, file.moduleId), durations);
  }
}
