import { describe, expect, it } from 'vitest';
import { closingLine, countPlaywright, countVitest } from '../../scripts/test-counts.mjs';

describe('npm test counting (scripts/test-counts.mjs)', () => {
  it('a Vitest test that passed only on a retry is flaky, named, and not counted as passed', () => {
    const report = {
      numPassedTests: 10,
      numFailedTests: 1,
      numPendingTests: 2,
      numTodoTests: 1,
      testResults: [{ status: 'failed', assertionResults: [] }],
    };
    const c = countVitest(report, [{ name: 'unit test/unit/x.test.ts › races', retries: 2 }]);
    expect(c).toMatchObject({ passed: 9, failed: 2, skipped: 3, brokenFiles: 1 });
    expect(c.flaky).toEqual(['vitest: unit test/unit/x.test.ts › races (passed after 2 retries)']);
  });

  it('Playwright’s flaky tests are counted apart from the expected ones and named by their titles', () => {
    const report = {
      stats: { expected: 5, unexpected: 0, skipped: 1, flaky: 2 },
      suites: [
        {
          title: 'review.spec.ts',
          specs: [
            { title: 'plays back', tests: [{ status: 'flaky', results: [{}, {}] }] },
            { title: 'exports', tests: [{ status: 'expected', results: [{}] }] },
          ],
          suites: [
            {
              title: 'settings',
              specs: [{ title: 'keeps them', tests: [{ status: 'flaky', results: [{}, {}, {}] }] }],
            },
          ],
        },
      ],
    };
    const c = countPlaywright(report);
    expect(c).toMatchObject({ passed: 5, failed: 0, skipped: 1 });
    expect(c.flaky).toEqual([
      'e2e: review.spec.ts › plays back (passed after 1 retries)',
      'e2e: review.spec.ts › settings › keeps them (passed after 2 retries)',
    ]);
    // A flaky count without titles is still counted.
    expect(countPlaywright({ stats: { expected: 1, unexpected: 0, skipped: 0, flaky: 1 } }).flaky).toHaveLength(1);
  });

  it('the closing line keeps its usual form, with “F flaky” added only when there are some', () => {
    expect(closingLine({ passed: 3, failed: 0, skipped: 1, flaky: [] })).toBe('tests: 3 passed, 0 failed, 1 skipped');
    expect(closingLine({ passed: 3, failed: 0, skipped: 1, flaky: ['a', 'b'] })).toBe(
      'tests: 3 passed, 0 failed, 1 skipped, 2 flaky',
    );
  });
});
