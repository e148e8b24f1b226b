import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// '@/…' names a file from the repository root (web code imports common/ and its own folders so).
const rootAlias = [{ find: /^@\//, replacement: fileURLToPath(new URL('./', import.meta.url)) }];

// End-to-end tests: a production build served by the real server, driven in Debian's Chromium.
export default defineConfig({
  resolve: { alias: rootAlias },
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    environment: 'node',
    // A flow that takes 15 s alone takes up to four times as long with three files on two cores
    // (measured on a slower machine of this kind: 50–60 s for the longest flows); the limit is
    // there to end a test that hangs, not to time a flow.
    testTimeout: 120_000,
    hookTimeout: 90_000,
    pool: 'forks',
    // Files of a worker share their imported modules (and so one copy of the build, see
    // e2e/support/server.ts); each file starts its own server and browser.
    isolate: false,
    // Three files at a time keep both cores busy (measured: 94 tests in 298 s with three, CPU 92 %
    // busy; a browser, a server and the test each wait on the others much of the time).
    maxWorkers: 3,
    // expect.poll waits as long as a user would for a screen to settle (Vitest's default, 1 s, is
    // shorter than a page load on a busy machine), like Playwright's own waits.
    expect: { poll: { timeout: 15_000 } },
    fileParallelism: true,
  },
});
