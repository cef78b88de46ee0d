#!/usr/bin/env node
// `npm test`: every suite, then one closing line `tests: N passed, M failed, K skipped`.
// Suites: typecheck and lint (one check each), vitest unit + integration (the
// keychain tests need a Secret Service, so vitest runs under scripts/with-keyring.sh),
// and Playwright e2e in Debian Chromium when e2e specs exist.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const results = join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
let crashed = false;

function run(title, cmd, args, env = {}) {
  console.log(`\n=== ${title}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
}

function check(title, cmd, args) {
  const ok = run(title, cmd, args) === 0;
  if (ok) totals.passed++;
  else totals.failed++;
  console.log(`=== ${title}: ${ok ? 'passed' : 'FAILED'}`);
}

// First the system packages: a fresh machine is told what to install, not a deep failure.
if (run('system packages', 'node', [join(root, 'scripts/system-check.mjs')]) !== 0) {
  console.log('tests: 0 passed, 1 failed, 0 skipped');
  process.exit(1);
}

check('typecheck', 'npx', ['tsc', '-b']);
check('lint', 'npx', ['eslint', '--max-warnings', '0', '.']);

// Vitest: unit + integration.
const vitestJson = join(results, 'vitest.json');
const withKeyring = join(root, 'scripts/with-keyring.sh');
const vitestArgs = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`];
const vitestStatus = existsSync(withKeyring)
  ? run('vitest', 'bash', [withKeyring, 'npx', ...vitestArgs])
  : run('vitest', 'npx', vitestArgs);
if (existsSync(vitestJson)) {
  const r = JSON.parse(readFileSync(vitestJson, 'utf8'));
  totals.passed += r.numPassedTests;
  totals.failed += r.numFailedTests;
  totals.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  // A suite that failed to load has no tests to count but still failed.
  const brokenFiles = (r.testResults ?? []).filter((f) => f.status === 'failed' && f.assertionResults.length === 0);
  totals.failed += brokenFiles.length;
  if (vitestStatus !== 0 && r.numFailedTests === 0 && brokenFiles.length === 0) crashed = true;
} else {
  crashed = true;
}

// Playwright e2e, when there are specs.
const e2eDir = join(root, 'test/e2e');
const hasE2e = existsSync(e2eDir) && readdirSync(e2eDir).some((f) => f.endsWith('.spec.ts'));
if (hasE2e) {
  const pwJson = join(results, 'playwright.json');
  // The browser shell saves real keys in the e2e tests: it needs the Secret Service too.
  const pwArgs = ['playwright', 'test', '--reporter=list,json'];
  const status = existsSync(withKeyring)
    ? run('e2e', 'bash', [withKeyring, 'npx', ...pwArgs], { PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson })
    : run('e2e', 'npx', pwArgs, { PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson });
  if (existsSync(pwJson)) {
    const s = JSON.parse(readFileSync(pwJson, 'utf8')).stats;
    totals.passed += s.expected + (s.flaky ?? 0);
    totals.failed += s.unexpected;
    totals.skipped += s.skipped;
    if (status !== 0 && s.unexpected === 0) crashed = true;
  } else {
    crashed = true;
  }
}

if (crashed) {
  console.log('A test runner exited abnormally (see above); counting it as one failure.');
  totals.failed++;
}
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
