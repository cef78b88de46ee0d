#!/usr/bin/env node
// `npm test`: every suite, then one closing line `tests: N passed, M failed, K skipped`.
// Suites: typecheck and lint (one check each), vitest unit + integration (the
// keychain tests need a Secret Service, so vitest runs under scripts/with-keyring.sh),
// and Playwright e2e in Debian Chromium when e2e specs exist. A test that passed only on a retry is counted
// as flaky, named, and never as passed (scripts/test-counts.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { closingLine, countPlaywright, countVitest } from './test-counts.mjs';

const root = join(import.meta.dirname, '..');
const results = join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0, flaky: [] };
const add = (c) => {
  totals.passed += c.passed;
  totals.failed += c.failed;
  totals.skipped += c.skipped;
  totals.flaky.push(...c.flaky);
};
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
check('format', 'npx', ['prettier', '--check', '.']);

// Vitest: unit + integration.
const vitestJson = join(results, 'vitest.json');
const flakyJson = join(results, 'vitest-flaky.json');
const withKeyring = join(root, 'scripts/with-keyring.sh');
const vitestArgs = [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--reporter=./scripts/vitest-flaky-reporter.mjs',
  `--outputFile.json=${vitestJson}`,
];
const vitestEnv = { ROUTELENS_FLAKY_JSON: flakyJson };
const vitestStatus = existsSync(withKeyring)
  ? run('vitest', 'bash', [withKeyring, 'npx', ...vitestArgs], vitestEnv)
  : run('vitest', 'npx', vitestArgs, vitestEnv);
if (existsSync(vitestJson)) {
  const c = countVitest(
    JSON.parse(readFileSync(vitestJson, 'utf8')),
    existsSync(flakyJson) ? JSON.parse(readFileSync(flakyJson, 'utf8')) : [],
  );
  add(c);
  // A suite that failed to load has no tests to count but still failed (countVitest counts it).
  if (vitestStatus !== 0 && c.failed === 0) crashed = true;
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
    const c = countPlaywright(JSON.parse(readFileSync(pwJson, 'utf8')));
    add(c);
    if (status !== 0 && c.failed === 0) crashed = true;
  } else {
    crashed = true;
  }
}

if (crashed) {
  console.log('A test runner exited abnormally (see above); counting it as one failure.');
  totals.failed++;
}
if (totals.flaky.length > 0) {
  console.log(`\nFlaky: ${totals.flaky.length} test(s) passed only on a retry (not counted as passed):`);
  for (const line of totals.flaky) console.log(`  ${line}`);
}
console.log(closingLine(totals));
process.exit(totals.failed > 0 ? 1 : 0);
