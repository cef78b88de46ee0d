#!/usr/bin/env node
/**
 * `npm run test:mutation [module…]`: StrykerJS over the named modules (default: all of them, one after the
 * other), each with its own incremental file, so rerunning one module after a small change is quick.
 * Runs at low priority (nice 10): mutation testing is slow and the machine is shared.
 *   npm run test:mutation -- limiter
 *   npm run test:mutation -- client sync
 *   npm run test:mutation -- client-http   (half of the client: http.ts; client-core is the rest)
 *   npm run test:mutation -- keychain web-shell
 *   npm run test:mutation -- shared-track  (one part of shared/: shared-track, -analysis, -export, -compare,
 *                                           -inbox, -api, -ipc, -report, -time, -rest)
 */
import { spawnSync } from 'node:child_process';
import { DEFAULT_MUTATION_MODULES, MUTATION_MODULES } from './mutation-modules.mjs';

const names = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = names.filter((n) => !(n in MUTATION_MODULES));
if (unknown.length > 0) {
  console.error(`Unknown module ${unknown.join(', ')}: one of ${Object.keys(MUTATION_MODULES).join(', ')}.`);
  process.exit(2);
}
let failed = false;
for (const name of names.length > 0 ? names : DEFAULT_MUTATION_MODULES) {
  console.log(`\n== mutation testing: ${name} ==`);
  const r = spawnSync('nice', ['-n', '10', 'npx', 'stryker', 'run', 'stryker.config.mjs'], {
    stdio: 'inherit',
    env: { ...process.env, STRYKER_MODULE: name },
  });
  if (r.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
