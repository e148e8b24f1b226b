import { defineConfig } from 'vitest/config';

// Unit and API tests. DB_KIND (sqlite | postgres) picks the database every test file gets fresh;
// FILE_STORE=s3 puts the file store in a bucket of an s3rver started for the run.
export default defineConfig({
  test: {
    globalSetup: process.env.FILE_STORE === 's3' ? ['server/test/s3-global-setup.ts'] : [],
    include: ['server/**/*.test.ts', 'common/**/*.test.ts', 'web/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
