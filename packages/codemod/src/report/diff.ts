import { relative } from 'node:path';
import { createTwoFilesPatch } from 'diff';
import type { FileOutcome } from '../run-codemod.js';

/** A unified diff of a changed file, with paths relative to `cwd` as `git apply` expects. */
export function unifiedDiff(outcome: FileOutcome, cwd: string): string {
  const path = relative(cwd, outcome.file);
  return createTwoFilesPatch(`a/${path}`, `b/${path}`, outcome.before ?? '', outcome.after ?? '', undefined, undefined, { context: 3 });
}
