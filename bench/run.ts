/**
 * `npm run bench [-- --json FILE] [names…]`: runs each benchmark in its own
 * process (so peak-memory figures belong to one benchmark only) and prints
 * their figures, each beside its same-run baselines and their ratio. With
 * `--json FILE` every figure, baseline and ratio is also written to FILE with
 * the commit, date, CPU model and load averages, for `bench/compare.ts`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FigureRecord } from './lib/figures.ts';
import type { BenchRun } from './lib/compare-runs.ts';

const BENCHES = [
  'simulator.ts',
  'export-e2e.ts',
  'download-network.ts',
  'exports.ts',
  'indexeddb-write.ts',
  'analysis.ts',
  'fleet-open.ts',
  'compare-carriers.ts',
  'inbox.ts',
  'inbox-limits.ts',
  'drivers.ts',
  'inbox-drivers.ts',
  'review.ts',
  'interaction.ts',
  'audit-bundle.ts',
  'road-import.ts',
  'road-match.ts',
  'speed-zones.ts',
  'bridge-piece.ts',
  'lake-write.ts',
  'lake-sync.ts',
];
const args = process.argv.slice(2);
const jsonAt = args.indexOf('--json');
const jsonFile = jsonAt >= 0 ? args[jsonAt + 1] : undefined;
if (jsonAt >= 0 && !jsonFile) throw new Error('--json needs a file name');
const only = args.filter((_, i) => jsonAt < 0 || (i !== jsonAt && i !== jsonAt + 1));

const scratch = mkdtempSync(join(tmpdir(), 'routelens-bench-run-'));
const lines = join(scratch, 'figures.jsonl');
const git = (...a: string[]) => {
  try {
    return execFileSync('git', a, { cwd: import.meta.dirname, encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
};
const run: BenchRun = {
  commit:
    git('rev-parse', 'HEAD') +
    (git('status', '--porcelain', '--untracked-files=no') ? ' (with uncommitted changes)' : ''),
  date: new Date().toISOString(),
  cpu: `${cpus()[0]?.model ?? 'unknown'} × ${cpus().length}`,
  node: process.version,
  loadavgStart: loadavg(),
  benches: [],
  figures: [],
};
let failed = 0;
for (const file of BENCHES) {
  if (only.length > 0 && !only.some((o) => file.includes(o))) continue;
  const path = join(import.meta.dirname, file);
  if (!existsSync(path)) continue;
  const load = loadavg();
  console.log(`\n## ${file} (load average ${load.map((x) => x.toFixed(2)).join(' ')})`);
  const t0 = Date.now();
  const r = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', path], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_JSON_LINES: lines },
  });
  run.benches.push({
    file,
    loadavgBefore: load,
    loadavgAfter: loadavg(),
    seconds: (Date.now() - t0) / 1000,
    exit: r.status ?? -1,
  });
  if (r.status !== 0) {
    failed++;
    console.log(`bench ${file} failed (exit ${r.status ?? r.signal})`);
  }
}
if (existsSync(lines))
  run.figures = readFileSync(lines, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as FigureRecord);
run.loadavgEnd = loadavg();
rmSync(scratch, { recursive: true, force: true });
if (jsonFile) {
  writeFileSync(jsonFile, JSON.stringify(run, null, 1) + '\n');
  console.log(`\nwrote ${run.figures.length} figures to ${jsonFile}`);
}
process.exit(failed > 0 ? 1 : 0);
