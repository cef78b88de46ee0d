/**
 * Records/s written to IndexedDB through the store worker, for six months of
 * one demo truck: `npx tsx bench/indexeddb-write.ts`. Debian Chromium via
 * playwright-core, on the store harness page (test/e2e/harness), which uses
 * the app's own store modules. Chunks are parsed and built in the page before
 * the clock starts; only the worker's transactions are timed.
 */
import { chromium } from 'playwright-core';
import { createSimulatorWorld } from '../electron/node/simulator/index.ts';
import { inHarness, openHarness } from '../test/e2e/harness/serve.ts';

const NOW = Date.parse('2026-11-20T15:00:00.000Z');
const world = createSimulatorWorld({ now: () => NOW });
const carrier = world.truth.carriers()[0];
if (!carrier) throw new Error('the simulator has no carrier');
const vehicle = world.truth.vehicles(carrier.id)[0];
if (!vehicle) throw new Error('the simulator carrier has no vehicle');
const records = world.truth.history(carrier.id, vehicle.vehicle_id, world.truth.windowStart(), world.truth.today());

const browser = await chromium.launch({ executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage();
  await openHarness(page, 'http://localhost:47900');
  const runs: { days: number; records: number; ms: number }[] = [];
  for (let i = 0; i < 3; i++) runs.push(await inHarness(page, (h, a) => h.benchWrite(a.records, 'bench', `bench-${a.i}`), { records, i }));
  for (const r of runs) console.log(`${r.days} days, ${r.records} records in ${r.ms.toFixed(0)} ms: ${Math.round((r.records * 1000) / r.ms)} records/s, ${((r.days * 1000) / r.ms).toFixed(1)} days/s`);
  const best = runs.reduce((a, b) => (a.records / a.ms > b.records / b.ms ? a : b));
  console.log(`indexeddb-write: ${Math.round((best.records * 1000) / best.ms)} records/s (best of ${runs.length}, 6 months of one truck)`);
} finally {
  await browser.close();
}
