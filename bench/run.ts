/**
 * `npm run bench`: runs each benchmark in its own process (so peak-memory
 * figures belong to one benchmark only) and prints their figures.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const BENCHES = ['simulator.ts', 'export-e2e.ts', 'exports.ts', 'indexeddb-write.ts', 'analysis.ts', 'fleet-open.ts', 'compare.ts', 'review.ts', 'audit-bundle.ts'];
const only = process.argv.slice(2);
let failed = 0;
for (const file of BENCHES) {
  if (only.length > 0 && !only.some((o) => file.includes(o))) continue;
  const path = join(import.meta.dirname, file);
  if (!existsSync(path)) continue;
  console.log(`\n## ${file}`);
  const r = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', path], { stdio: 'inherit' });
  if (r.status !== 0) {
    failed++;
    console.log(`bench ${file} failed (exit ${r.status ?? r.signal})`);
  }
}
process.exit(failed > 0 ? 1 : 0);
