import { defineConfig } from 'vitest/config';

// Unit and API tests. DB_KIND (sqlite | postgres) picks the database every test file gets fresh.
export default defineConfig({
  test: {
    include: ['server/**/*.test.ts', 'common/**/*.test.ts', 'web/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
