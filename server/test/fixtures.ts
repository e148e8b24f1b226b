// Moved to server/fixtures/files.ts (shared by tests, the demo seed and benchmarks). This alias
// stays only for the test files of features another session owns this round; import the new path.
export * from '../fixtures/files.js';
