export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
  /** One line per test that passed only on a retry. */
  flaky: string[];
}
export interface FlakyVitestTest {
  name: string;
  retries: number;
}
export function countVitest(
  report: {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests?: number;
    numTodoTests?: number;
    testResults?: { status: string; assertionResults: unknown[] }[];
  },
  flaky?: FlakyVitestTest[],
): Counts & { brokenFiles: number };
export function countPlaywright(report: {
  stats: { expected: number; unexpected: number; skipped: number; flaky?: number };
  suites?: unknown[];
}): Counts;
export function closingLine(t: Counts): string;
