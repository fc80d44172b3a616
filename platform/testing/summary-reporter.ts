/**
 * Two additions to vitest's default output, printed after its summary:
 * - each test file that took longer than FILE_BUDGET_MS, so a file that grows past it is split before
 *   a loaded machine (load 10-15) stretches it into minutes: under `node --test` the whole browser
 *   suite was one file and hit the runner's 300 s per-file limit. A warning, not a failure: the
 *   per-test and per-hook timeouts in vitest.config.ts are what stop a hung file.
 * - one plain line, `N passed, N failed`, which CI reads (vitest's own is `Tests  N passed | N failed (M)`).
 *   A file that fails outside any test (an import error, a failing beforeAll) and an error thrown
 *   outside any file count as one failure each, so the line never says 0 failed on a red run.
 *   Skipped tests are in neither number.
 */
import path from 'node:path';
import type { Reporter, SerializedError, TestModule } from 'vitest/node';

/** About two minutes on an idle 2-core machine is what one file should take. */
export const FILE_BUDGET_MS = 120_000;

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    let passed = 0;
    let failed = unhandledErrors.length;
    const slow: string[] = [];
    for (const module of testModules) {
      let failedTests = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failedTests++;
      }
      failed += failedTests;
      if (failedTests === 0 && (module.state() === 'failed' || module.errors().length > 0)) failed++;
      const { duration } = module.diagnostic();
      if (duration > FILE_BUDGET_MS) slow.push(`  ${path.relative(process.cwd(), module.moduleId)}: ${(duration / 1000).toFixed(0)} s`);
    }
    if (slow.length) process.stdout.write(`\nTest files over ${FILE_BUDGET_MS / 1000} s (split them by topic):\n${slow.join('\n')}\n`);
    process.stdout.write(`\n${passed} passed, ${failed} failed\n`);
  }
}
