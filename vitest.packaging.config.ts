import { defineConfig } from 'vitest/config';

// The packaging test alone (`pnpm test:packaging`): it builds, packs and installs with npm, so it runs apart from
// the unit and integration suite, once per CI run.
export default defineConfig({
  test: { include: ['test/packaging/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 600_000 },
});
