/**
 * How `npm test` (scripts/test-all.mjs) counts results. A test that passed only on a retry is "flaky": counted
 * on its own line and named, never folded into "passed", so enabling retries can never hide a failing test.
 */

/** Vitest's JSON report plus the flaky list from scripts/vitest-flaky-reporter.mjs. */
export function countVitest(report, flaky = []) {
  const brokenFiles = (report.testResults ?? []).filter(
    (f) => f.status === 'failed' && f.assertionResults.length === 0,
  );
  return {
    passed: report.numPassedTests - flaky.length,
    failed: report.numFailedTests + brokenFiles.length,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    flaky: flaky.map((t) => `vitest: ${t.name} (passed after ${t.retries} ${t.retries === 1 ? 'retry' : 'retries'})`),
    brokenFiles: brokenFiles.length,
  };
}

/** Playwright's JSON report: `stats.flaky` are tests that passed only on a retry; their titles come from the suites. */
export function countPlaywright(report) {
  const s = report.stats;
  const flaky = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'flaky')
          flaky.push(
            `e2e: ${[...titles, spec.title].filter(Boolean).join(' › ')} (passed after ${(test.results?.length ?? 1) - 1} retries)`,
          );
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  // Named or not, every flaky test is counted as flaky.
  while (flaky.length < (s.flaky ?? 0)) flaky.push('e2e: (unnamed flaky test)');
  return { passed: s.expected, failed: s.unexpected, skipped: s.skipped, flaky };
}

/** The closing line. ", F flaky" appears only when there are some, so the usual line is unchanged. */
export function closingLine(t) {
  const flaky = t.flaky.length > 0 ? `, ${t.flaky.length} flaky` : '';
  return `tests: ${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped${flaky}`;
}
