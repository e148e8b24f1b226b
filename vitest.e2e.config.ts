import { defineConfig } from 'vitest/config';

// End-to-end tests: a production build served by the real server, driven in Debian's Chromium.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 90_000,
    pool: 'forks',
    // Files of a worker share their imported modules (and so one copy of the build, see
    // e2e/support/server.ts); each file starts its own server and browser.
    isolate: false,
    maxWorkers: 2,
    fileParallelism: true,
  },
});
