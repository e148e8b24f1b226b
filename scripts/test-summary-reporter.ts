// A Vitest reporter that writes, for scripts/test-all.ts, how many tests each project passed,
// failed and skipped. A file that fails outside its tests (an import, a hook) and an unhandled
// error each count as one failure, so a broken file can never pass unseen.
import fs from 'node:fs';
import type { Reporter, SerializedError, TestModule } from 'vitest/node';

export type ProjectCounts = { passed: number; failed: number; skipped: number };
export type RunSummary = Record<string, ProjectCounts>;

export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    const file = process.env.TEST_SUMMARY_FILE;
    if (!file) return;
    const summary: RunSummary = {};
    for (const module of modules) {
      const project = module.project.name || 'tests';
      summary[project] ??= { passed: 0, failed: 0, skipped: 0 };
      const counts = summary[project];
      let failedTests = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed += 1;
        else if (state === 'failed') failedTests += 1;
        else counts.skipped += 1;
      }
      counts.failed += failedTests || (module.state() === 'failed' ? 1 : 0);
    }
    if (unhandledErrors.length > 0) {
      summary['unhandled errors'] = { passed: 0, failed: unhandledErrors.length, skipped: 0 };
    }
    fs.writeFileSync(file, JSON.stringify(summary));
  }
}
