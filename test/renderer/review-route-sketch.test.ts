import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dayRoutesGeoJSON } from '../../shared/map/day-routes.ts';
import { buildRouteGeoJSON } from '../../shared/map/route-geojson.ts';
import { flattenChunks } from '../../shared/playback/track.ts';
import { localRangeInterval } from '../../shared/time/local-day.ts';
import { summarizeDay } from '../../shared/track/summary.ts';
import type { DayChunk } from '../../shared/track/types.ts';
import type { OverviewRow } from '../../renderer/src/store/db.ts';
import { STORED_ROUTE_OPTIONS, storedOverviewOf } from '../../renderer/src/store/overview-rows.ts';
import type { CoverageRow, StoredDay } from '../../renderer/src/store/types.ts';
import { cleanSelection } from '../../renderer/src/features/review/clean-selection.ts';
import { readingsBounds } from '../../renderer/src/features/review/event-focus.ts';
import { selectionDayRoutes } from '../../renderer/src/features/review/route-overviews.ts';
import { sketchDayRoutes } from '../../renderer/src/features/review/route-sketch.ts';
import { readLocalDays } from '../../renderer/src/features/review/use-local-days.ts';
import { generateTrack, randomPlan, toDayChunks } from '../support/tracks.ts';

/** The store as the Review reads it, held in memory: what each test stored. */
const stored = { days: [] as DayChunk[], overviews: new Map<string, OverviewRow>() };
const inRange = (day: string, from: string, to: string) => day >= from && day <= to;

vi.mock('../../renderer/src/store/reads.ts', () => ({
  coverageOf: async (_c: string, _v: string, from: string, to: string) =>
    stored.days.filter((c) => inRange(c.day, from, to)).map((c) => ({ day: c.day, points: c.length }) as CoverageRow),
  readOverviews: async (_c: string, _v: string, from: string, to: string) =>
    new Map([...stored.overviews].filter(([day]) => inRange(day, from, to))),
  readDay: async (_c: string, _v: string, day: string) => storedDay(stored.days.find((c) => c.day === day)),
  readDays: async (_c: string, _v: string, from: string, to: string) =>
    stored.days.filter((c) => inRange(c.day, from, to)).map((c) => storedDay(c)!),
}));
vi.mock('../../renderer/src/store/writer.ts', () => ({ writer: { refreshOverviews: async () => 0 } }));

function storedDay(chunk: DayChunk | undefined): StoredDay | undefined {
  return chunk && { carrierId: 'c1', chunk, summary: summarizeDay(chunk) };
}

const CARRIER = 'c1';
const VEHICLE = 'v-sketch';
const ZONE = 'America/Chicago';
// Ten days of a truck from 2026-01-05 06:00 UTC; the selection is the local days 6th to 12th, so its first and last
// UTC days are cut at Chicago's midnight (06:00 UTC).
const FROM = '2026-01-06';
const TO = '2026-01-12';
const interval = localRangeInterval(FROM, TO, ZONE);

/** Ten days of a truck reading every 10 s while it drives: a long selection (> 20,000 readings) within a week. */
function denseTrack() {
  const plan = randomPlan(7, 10).map((leg) => (leg.kind === 'drive' ? { ...leg, stepSeconds: 10 } : leg));
  return generateTrack(plan, { startMs: Date.UTC(2026, 0, 5, 6), seed: 7 });
}

beforeEach(() => {
  stored.days = toDayChunks(VEHICLE, denseTrack());
  stored.overviews = new Map(
    stored.days.map((c) => [c.day, { carrierId: 'c1', vehicleId: VEHICLE, day: c.day, overview: storedOverviewOf(c) }]),
  );
});

/** The selection as the Review reads it once its raw days are in: the local days' clean readings. */
async function readSelection() {
  const read = await readLocalDays(CARRIER, VEHICLE, FROM, TO, ZONE);
  const track = flattenChunks(cleanSelection(read.chunks, STORED_ROUTE_OPTIONS.maxPlausibleMph).clean);
  return { read, track };
}

describe('route sketch (a long selection drawn from stored overviews before its raw days are read)', () => {
  it('takes the stored overviews of the days inside, builds the cut edge days, and the raw read keeps all of them', async () => {
    const sketch = (await sketchDayRoutes(CARRIER, VEHICLE, interval, STORED_ROUTE_OPTIONS))!;
    expect(sketch).not.toBeNull();
    const { read, track } = await readSelection();
    expect(track.length, 'a long selection').toBeGreaterThan(20_000);
    const days = sketch.routes.map((r) => r.overview);
    expect(sketch.routes.every((r) => r.readings === null)).toBe(true);
    // 2026-01-06 06:00 UTC to 2026-01-13 06:00 UTC: eight UTC days, the first and last cut.
    expect(days).toHaveLength(8);
    expect([...sketch.edges.keys()]).toEqual(['2026-01-06', '2026-01-13']);
    for (const day of ['2026-01-07', '2026-01-12']) expect(days).toContain(stored.overviews.get(day)!.overview);
    // The edge pieces hold the readings inside the selection only.
    const first = days[0]!.levels[0]!;
    const last = days[days.length - 1]!.levels[0]!;
    expect(first.t[0]).toBeGreaterThanOrEqual(interval.startMs);
    expect(last.t[last.length - 1]).toBeLessThan(interval.endMs);

    const routes = await selectionDayRoutes(read, track, STORED_ROUTE_OPTIONS, sketch);
    routes.forEach((r, k) => expect(r.overview, `day ${k}: the sketch's overview`).toBe(days[k]));
    expect(routes.every((r) => r.readings !== null)).toBe(true);
    // The map's source keeps the sketch's build (nothing redrawn), the camera its fit.
    for (const level of [0, 1, 2])
      expect(dayRoutesGeoJSON(routes, { level }, STORED_ROUTE_OPTIONS)).toBe(
        dayRoutesGeoJSON(sketch.routes, { level }, STORED_ROUTE_OPTIONS),
      );
    expect(sketch.bounds).toEqual(readingsBounds(track, track.t[0]!, track.t[track.length - 1]!));
    // With the readings in, full detail of every day is the full line of the selection's clean readings.
    const all = dayRoutesGeoJSON(routes, { detail: [[0, routes.length - 1]] }, STORED_ROUTE_OPTIONS);
    const clean = cleanSelection(read.chunks, STORED_ROUTE_OPTIONS.maxPlausibleMph).clean;
    expect(all.route).toEqual(buildRouteGeoJSON(clean, STORED_ROUTE_OPTIONS).route);
  });

  it('draws no sketch for a day stored without a current overview, for other route options, or for a day', async () => {
    const rule = stored.overviews.get('2026-01-09')!;
    stored.overviews.set('2026-01-09', { ...rule, overview: { ...rule.overview, rule: rule.overview.rule - 1 } });
    expect(await sketchDayRoutes(CARRIER, VEHICLE, interval, STORED_ROUTE_OPTIONS)).toBeNull();
    stored.overviews.delete('2026-01-09');
    expect(await sketchDayRoutes(CARRIER, VEHICLE, interval, STORED_ROUTE_OPTIONS)).toBeNull();
    stored.overviews.set('2026-01-09', rule);
    expect(await sketchDayRoutes(CARRIER, VEHICLE, interval, STORED_ROUTE_OPTIONS)).not.toBeNull();
    expect(
      await sketchDayRoutes(CARRIER, VEHICLE, interval, { ...STORED_ROUTE_OPTIONS, speedingThresholdMph: 60 }),
    ).toBeNull();
    expect(
      await sketchDayRoutes(CARRIER, VEHICLE, localRangeInterval(FROM, FROM, ZONE), STORED_ROUTE_OPTIONS),
    ).toBeNull();
  });
});
