import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { LongestFirstSequencer } from './test/support/test-order.js';

export default defineConfig({
  resolve: { conditions: ['@journey-bridge/source'] },
  ssr: { resolve: { conditions: ['@journey-bridge/source'] } },
  test: {
    // test/*.test.ts: repository-wide checks (the README examples); test/packaging runs apart (vitest.packaging.config.ts).
    include: ['packages/*/test/**/*.test.ts', 'test-fixtures/**/*.test.ts', 'test/*.test.ts'],
    testTimeout: 20_000,
    // One worker more than the cores: most files wait on sockets and child processes more than they compute (on 2
    // cores, 3 workers ran the suite in 60-64 s against 63-65 s for 2; a percentage is capped at the core count).
    maxWorkers: availableParallelism() + 1,
    // No TurboFan in the workers (Maglev at most, where V8 has it on): most of the suite's code runs too briefly to
    // repay its compiling, which was 13% of the suite's CPU (perf, 2 cores). Run in turn with and without, the
    // suite was faster without in 7 of 8 pairs, by 6 s on average.
    execArgv: ['--max-opt=2'],
    // Files in a worker share its loaded modules: typescript, ts-morph and jscodeshift load once per worker, not per
    // file (the suite's import time halves). Test files must therefore restore any global they change.
    isolate: false,
    // Longest files first by test/durations.json, so a fresh clone runs in the order a warm one does.
    sequence: { sequencer: LongestFirstSequencer },
  },
});
