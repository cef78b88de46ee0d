/**
 * A Vitest reporter that writes the tests which passed only on a retry to $ROUTELENS_FLAKY_JSON, as
 * `[{ name, retries }]`, for scripts/test-all.mjs (Vitest's JSON report does not say).
 */
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';

export default class FlakyReporter {
  constructor() {
    this.outputFile = process.env.ROUTELENS_FLAKY_JSON;
    this.flaky = [];
  }

  onTestCaseResult(testCase) {
    const d = testCase.diagnostic();
    if (testCase.result().state === 'passed' && d && (d.flaky || d.retryCount > 0)) {
      const where = [testCase.project.name, relative(process.cwd(), testCase.module.moduleId)]
        .filter(Boolean)
        .join(' ');
      this.flaky.push({ name: `${where} › ${testCase.fullName}`, retries: d.retryCount });
    }
  }

  onTestRunEnd() {
    if (this.outputFile) writeFileSync(this.outputFile, JSON.stringify(this.flaky));
  }
}
