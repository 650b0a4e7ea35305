import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Both cores: most files wait on child processes, sockets and disk (the default, cores − 1, runs one file at a time on a 2-core machine).
    maxWorkers: 2,
  },
});
