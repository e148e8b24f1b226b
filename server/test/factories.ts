// Moved to server/fixtures/factories.ts (shared by tests, the demo seed and benchmarks). This alias
// stays only for the test files of features another session owns this round; import the new path.
export * from '../fixtures/factories.js';
