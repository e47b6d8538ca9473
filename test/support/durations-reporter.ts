import { existsSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Reporter, TestModule, TestRunEndReason, Vitest } from 'vitest/node';
import { durationsFile, recordedDurations } from './test-order.js';

/**
 * Records how long each test file took, for `LongestFirstSequencer`: run `pnpm test:durations` after adding or
 * changing slow test files. Files run replace their entries, files gone lose theirs, and a run that did not pass
 * records nothing.
 */
export default class DurationsReporter implements Reporter {
  private root = '';

  onInit(vitest: Vitest): void {
    this.root = vitest.config.root;
  }

  onTestRunEnd(modules: readonly TestModule[], errors: readonly unknown[], reason: TestRunEndReason): void {
    if (reason !== 'passed' || errors.length > 0) return;
    const durations = new Map(Object.entries(recordedDurations()).filter(([path]) => existsSync(join(this.root, path))));
    // To 0.1 s: finer would rewrite every line on every run, and the order needs no more.
    for (const module of modules) durations.set(relative(this.root, module.moduleId), Math.round(module.diagnostic().duration / 100) * 100);
    const sorted = [...durations].sort(([a], [b]) => (a < b ? -1 : 1));
    writeFileSync(durationsFile, `${JSON.stringify(Object.fromEntries(sorted), null, 2)}\n`);
  }
}
