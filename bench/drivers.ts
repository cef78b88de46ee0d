/**
 * The drivers core: `npx tsx bench/drivers.ts` (also run by `npm run bench`). A constructed fleet of 60
 * trucks × 30 days (one regular driver each and two dated shifts a day; readings every 30 s over ten hours
 * of driving a day; one status snapshot per driver every 15 minutes), in Node:
 *  - attribution: every trip's `during` (4 a truck-day) and every event's `at` (20 a truck-day), against a
 *    linear scan of the same assignments (what the binary search saves);
 *  - motion, suggestions and probable HOS conflicts over every snapshot of the month.
 */
import { createAttributor } from '../shared/drivers/attribution.ts';
import { assignmentId } from '../shared/drivers/assignment-rules.ts';
import { probableHosConflicts } from '../shared/drivers/hos-conflicts.ts';
import { motionFromChunks } from '../shared/drivers/motion.ts';
import { suggestAssignments } from '../shared/drivers/suggestions.ts';
import type { Assignment, Attribution, DriverStatusSample } from '../shared/drivers/types.ts';
import { MotionCode } from '../shared/domain/status.ts';
import type { DayChunk } from '../shared/track/types.ts';
import { addDays, dayStartMs } from '../shared/util/day.ts';
import { report } from './lib/figures.ts';
import { timed } from './lib/timed.ts';

const TRUCKS = 60;
const DAYS = 30;
const RUNS = 5;
const FIRST_DAY = '2026-10-01';
const H = 3_600_000;
const MIN = 60_000;
const vehicleIds = Array.from({ length: TRUCKS }, (_, k) => `v${k}`);
const driverOf = (k: number) => `d${k}`;
const dayStarts = Array.from({ length: DAYS }, (_, d) => dayStartMs(addDays(FIRST_DAY, d)));

// Each truck drives 06:00–16:00 UTC: shift A 06:00–11:00 by its own driver, shift B 11:00–16:00 by the next truck's.
const assignments: Assignment[] = [];
vehicleIds.forEach((v, k) => {
  const mk = (driverId: string, fromMs: number | null, toMs: number | null): Assignment => ({
    id: assignmentId(v, fromMs),
    carrierId: 'c1',
    driverId,
    vehicleId: v,
    fromMs,
    toMs,
    source: 'import',
    createdAt: 0,
  });
  assignments.push(mk(driverOf(k), null, null));
  for (const s of dayStarts) {
    assignments.push(mk(driverOf(k), s + 6 * H, s + 11 * H), mk(driverOf((k + 1) % TRUCKS), s + 11 * H, s + 16 * H));
  }
});

const trips: [string, number, number][] = [];
const events: [string, number][] = [];
for (const v of vehicleIds) {
  for (const s of dayStarts) {
    for (let q = 0; q < 4; q++) trips.push([v, s + 6 * H + q * 2.5 * H, s + 6 * H + q * 2.5 * H + 2 * H]);
    for (let e = 0; e < 20; e++) events.push([v, s + 6 * H + e * 30 * MIN]);
  }
}

/** The same answers by scanning every assignment of the fleet: the baseline. */
function linearAt(v: string, ms: number): Attribution {
  let regular: Assignment | undefined;
  for (const a of assignments) {
    if (a.vehicleId !== v) continue;
    if (a.fromMs === null) regular = a;
    else if (a.fromMs <= ms && (a.toMs === null || ms < a.toMs))
      return { kind: 'dated', driverId: a.driverId, assignmentId: a.id };
  }
  return regular ? { kind: 'regular', driverId: regular.driverId, assignmentId: regular.id } : { kind: 'unassigned' };
}

const fast = timed(() => {
  const attributor = createAttributor(assignments);
  let changed = 0;
  for (const [v, a, b] of trips) changed += attributor.during(v, a, b).changedTo.length;
  for (const [v, t] of events) if (attributor.at(v, t).kind === 'dated') changed++;
  return changed;
}, RUNS);
const slow = timed(() => {
  let dated = 0;
  for (const [v, t] of events) if (linearAt(v, t).kind === 'dated') dated++;
  return dated;
}, RUNS);

/** Whether truck k moves in the quarter hour starting `q` quarters after 06:00 of a day: about half, scattered by a hash. */
function movesIn(k: number, dayStart: number, q: number): boolean {
  let x = (k * 73856093) ^ (q * 19349663) ^ ((dayStart / H) * 83492791);
  x = Math.imul(x ^ (x >>> 16), 0x45d9f3b);
  x = Math.imul(x ^ (x >>> 16), 0x45d9f3b);
  return ((x ^ (x >>> 16)) >>> 0) % 1000 < 550;
}
const QUARTERS = 40;

function chunk(k: number, dayStart: number): DayChunk {
  const n = (10 * H) / 30_000;
  const t = new Float64Array(n);
  const speed = new Float64Array(n);
  const status = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    t[i] = dayStart + 6 * H + i * 30_000;
    const moving = movesIn(k, dayStart, Math.floor((i * 30_000) / (15 * MIN)));
    speed[i] = moving ? 55 : 0;
    status[i] = moving ? MotionCode.IN_MOTION : MotionCode.STATIONARY;
  }
  const v = vehicleIds[k]!;
  return {
    vehicleId: v,
    day: new Date(dayStart).toISOString().slice(0, 10),
    vehicleNumber: v,
    vin: '',
    length: n,
    t,
    lat: new Float64Array(n),
    lng: new Float64Array(n),
    speed,
    direction: new Float64Array(n).fill(NaN),
    status,
    id: Array.from({ length: n }, (_, i) => `${v}-${dayStart}-${i}`),
    location: new Array<string>(n).fill(''),
  };
}
const chunks = new Map(vehicleIds.map((v, k) => [v, dayStarts.map((s) => chunk(k, s))]));
const readings = TRUCKS * DAYS * ((10 * H) / 30_000);

// One snapshot per driver every 15 minutes (mid-quarter): Driving while their shift's truck moves (driver k: truck k in the
// morning, truck k-1 in the afternoon), no drive time left in the last quarter.
const samples: DriverStatusSample[] = [];
const truckOf = (k: number, q: number) => (q < 20 ? k : (k + TRUCKS - 1) % TRUCKS);
const quarterOf = (t: number) =>
  Math.floor((t - Date.parse(`${new Date(t).toISOString().slice(0, 10)}T06:00:00Z`)) / (15 * MIN));
for (const s of dayStarts) {
  for (let t = s + 7.5 * MIN; t < s + 24 * H; t += 15 * MIN) {
    const q = Math.floor((t - s - 6 * H) / (15 * MIN));
    for (let k = 0; k < TRUCKS; k++) {
      const truck = truckOf(k, q);
      const driving = q >= 0 && q < QUARTERS && movesIn(truck, s, q);
      samples.push({
        driverId: driverOf(k),
        takenAt: t,
        status: driving ? 'DS_D' : 'DS_OFF',
        driveMs: q === QUARTERS - 1 ? 0 : 5 * H,
        shiftMs: 6 * H,
        cycleMs: 40 * H,
        breakMs: 4 * H,
      });
    }
  }
}

const pipeline = timed(() => {
  const motion = motionFromChunks(chunks);
  const suggestions = suggestAssignments({ carrierId: 'c1', samples, vehicleIds, motion, assignments: [] });
  const attributor = createAttributor(assignments);
  const conflicts = probableHosConflicts({ carrierId: 'c1', samples, attributor, motion, vehicleIds });
  // A suggestion is right when every Driving snapshot of the driver it spans was taken in that truck.
  const right = suggestions.filter((g) =>
    samples.every(
      (x) =>
        x.driverId !== g.driverId ||
        x.status !== 'DS_D' ||
        x.takenAt < g.firstMs ||
        x.takenAt > g.lastMs ||
        vehicleIds[truckOf(Number(g.driverId.slice(1)), quarterOf(x.takenAt))] === g.vehicleId,
    ),
  ).length;
  return { suggestions: suggestions.length, right, conflicts: conflicts.length };
}, RUNS);

const label = `${TRUCKS} trucks × ${DAYS} days`;
console.log(
  `drivers: ${label}: ${assignments.length} assignments, ${trips.length} trips, ${events.length} events, ` +
    `${readings.toLocaleString('en-US')} readings, ${samples.length.toLocaleString('en-US')} snapshots; ` +
    `${pipeline.value.suggestions} suggestions (${pipeline.value.right} naming the truck of every Driving snapshot they span), ` +
    `${pipeline.value.conflicts} probable conflicts`,
);
report({
  bench: 'drivers',
  name: `${label}: attributor built, every trip's driver (during) and every event's (at)`,
  unit: 'ms',
  samples: fast.ms,
  baselines: [{ name: "every event's driver alone by a linear scan of the assignments", samples: slow.ms }],
});
report({
  bench: 'drivers',
  name: `${label}: motion, suggestions and probable HOS conflicts over every snapshot`,
  unit: 'ms',
  samples: pipeline.ms,
});
