/**
 * Who drove, on the inbox page: `npx tsx bench/inbox-drivers.ts` (also run by `npm run bench`). A
 * constructed month of 500 trucks × 30 days × 20 events (300,000 inbox events), each truck with a regular
 * driver and two dated shifts a day (30,500 assignments), in Node:
 *  - the join an assignment edit costs (shared/inbox/drivers.ts withDrivers: an attributor built, every
 *    event's driver at its start), against copying the events alone (the floor of any join that keeps the
 *    worker's events unchanged);
 *  - the Driver filter over the joined month, against the inbox's other filters alone (every event kept).
 */
import type { Assignment } from '../shared/drivers/types.ts';
import { withDrivers } from '../shared/inbox/drivers.ts';
import type { InboxEvent } from '../shared/inbox/events.ts';
import { ALL_EVENTS, filterEvents } from '../shared/inbox/filter.ts';
import { addDays, dayStartMs } from '../shared/util/day.ts';
import { report } from './lib/figures.ts';
import { timed } from './lib/timed.ts';

const TRUCKS = 500;
const DAYS = 30;
const EVENTS_A_DAY = 20;
const RUNS = 5;
const H = 3_600_000;
const FIRST_DAY = '2026-10-01';
const dayStarts = Array.from({ length: DAYS }, (_, d) => dayStartMs(addDays(FIRST_DAY, d)));

const assignments: Assignment[] = [];
const events: InboxEvent[] = [];
for (let k = 0; k < TRUCKS; k++) {
  const vehicleId = `v${k}`;
  const mk = (driverId: string, fromMs: number | null, toMs: number | null): Assignment => ({
    id: `${vehicleId}|${fromMs ?? 'regular'}`,
    carrierId: 'c1',
    driverId,
    vehicleId,
    fromMs,
    toMs,
    source: 'import',
    createdAt: 0,
  });
  assignments.push(mk(`d${k}`, null, null));
  for (const s of dayStarts) {
    assignments.push(mk(`d${k}`, s + 6 * H, s + 11 * H), mk(`d${(k + 1) % TRUCKS}`, s + 11 * H, s + 16 * H));
    for (let e = 0; e < EVENTS_A_DAY; e++) {
      const startMs = s + 5 * H + e * 36 * 60_000;
      events.push({
        key: `${vehicleId}|speeding|${startMs}`,
        carrierId: 'c1',
        vehicleId,
        vehicleNumber: `T-${k}`,
        kind: 'speeding',
        tier: null,
        startMs,
        endMs: startMs + 120_000,
        durationSeconds: 120,
        peakSpeedMph: 80,
        overLimitMph: 10,
        gapMiles: null,
        lat: 40,
        lng: -90,
        place: '',
        day: addDays(FIRST_DAY, 0),
      });
    }
  }
}
const byCarrier = new Map([['c1', assignments]]);

const join = timed(() => withDrivers(events, byCarrier).length, RUNS);
const copy = timed(() => events.map((e) => ({ ...e, driverId: null })).length, RUNS);
const joined = withDrivers(events, byCarrier);
const oneDriver = { ...ALL_EVENTS, driver: { kind: 'driver', carrierId: 'c1', driverId: 'd7' } as const };
const filtered = timed(() => filterEvents(joined, oneDriver).length, RUNS);
const unfiltered = timed(() => filterEvents(joined, ALL_EVENTS).length, RUNS);

const label = `${TRUCKS} trucks × ${DAYS} days, ${events.length.toLocaleString('en-US')} events, ${assignments.length.toLocaleString('en-US')} assignments`;
console.log(`inbox drivers: ${label}; one driver's events: ${filtered.value.toLocaleString('en-US')}`);
report({
  bench: 'inbox-drivers',
  name: `${label}: every event's driver joined (an assignment edit)`,
  unit: 'ms',
  samples: join.ms,
  baselines: [{ name: 'the events copied alone', samples: copy.ms }],
});
report({
  bench: 'inbox-drivers',
  name: `${label}: the Driver filter over the joined month`,
  unit: 'ms',
  samples: filtered.ms,
  baselines: [{ name: 'the other filters alone, every event kept', samples: unfiltered.ms }],
});
