import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['@journey-bridge/source'] },
  ssr: { resolve: { conditions: ['@journey-bridge/source'] } },
  test: {
    include: ['packages/*/test/**/*.test.ts', 'test-fixtures/**/*.test.ts'],
    testTimeout: 20_000,
  },
});
