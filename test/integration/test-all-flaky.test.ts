import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { closingLine, countVitest } from '../../scripts/test-counts.mjs';

const root = path.resolve(import.meta.dirname, '../..');
mkdirSync(path.join(root, 'test-results'), { recursive: true });
// Inside the repository (git-ignored), so the fixture resolves `vitest` from its node_modules.
const dir = mkdtempSync(path.join(root, 'test-results', 'flaky-fixture-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm test with retries enabled', () => {
  it('a real Vitest run with a test that fails once then passes reports it as flaky, not passed', () => {
    writeFileSync(
      path.join(dir, 'fixture.test.ts'),
      "import { expect, it } from 'vitest';\nlet runs = 0;\nit('fails on its first run', () => {\n  runs++;\n  expect(runs).toBeGreaterThan(1);\n});\nit('always passes', () => {});\n",
    );
    writeFileSync(path.join(dir, 'vitest.config.mjs'), "export default { test: { include: ['*.test.ts'] } };\n");
    const json = path.join(dir, 'vitest.json');
    const flakyJson = path.join(dir, 'flaky.json');
    execFileSync(
      'npx',
      [
        'vitest',
        'run',
        '--config',
        path.join(dir, 'vitest.config.mjs'),
        '--root',
        dir,
        '--retry',
        '1',
        '--reporter=json',
        `--reporter=${path.join(root, 'scripts/vitest-flaky-reporter.mjs')}`,
        `--outputFile.json=${json}`,
      ],
      { cwd: root, env: { ...process.env, ROUTELENS_FLAKY_JSON: flakyJson }, stdio: 'pipe' },
    );
    const flaky = JSON.parse(readFileSync(flakyJson, 'utf8')) as { name: string; retries: number }[];
    expect(flaky).toHaveLength(1);
    expect(flaky[0]!.name).toContain('fails on its first run');
    expect(flaky[0]!.retries).toBe(1);
    const counts = countVitest(JSON.parse(readFileSync(json, 'utf8')), flaky);
    expect(closingLine(counts)).toBe('tests: 1 passed, 0 failed, 0 skipped, 1 flaky');
  });
});
