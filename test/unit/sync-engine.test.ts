// Over 300 lines: one case per sync rule (days, pages, duplicates, midnight edges, aborts) over one fake client.
import { describe, expect, it } from 'vitest';
import type { Rejection } from '../../shared/api/validate.ts';
import { chunkPoints } from '../../shared/track/day-chunk.ts';
import type { Breadcrumb } from '../../shared/track/types.ts';
import { addDays, dayOfMs, dayStartMs, daysBetween, type UtcDay } from '../../shared/util/day.ts';
import type { HistoryPage, LocationHistoryQuery } from '../../electron/node/api/client.ts';
import { AbortedError, ProviderKeyInvalidError, RequestError } from '../../electron/node/api/errors.ts';
import { syncVehicleHistory, type DayEmit } from '../../electron/node/sync/sync-vehicle-history.ts';
import type { DayState } from '../../electron/node/sync/plan.ts';

/** Deterministic PRNG so failures reproduce. */
function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 4294967296;
}

interface World {
  points: Breadcrumb[];
  /** ids served malformed: rejected by the "client" with this time (undefined = unreadable timestamp) */
  corrupt: Map<string, number | undefined>;
}

function world(from: UtcDay, to: UtcDay, seed = 1, emptyDays: UtcDay[] = []): World {
  const r = rng(seed);
  const points: Breadcrumb[] = [];
  const corrupt = new Map<string, number | undefined>();
  for (const day of daysBetween(from, to)) {
    if (emptyDays.includes(day)) continue;
    const n = 3 + Math.floor(r() * 12);
    for (let i = 0; i < n; i++) {
      const t = dayStartMs(day) + Math.floor(r() * 86_400_000);
      const p: Breadcrumb = {
        id: `${day}#${i}`,
        t,
        lat: 40 + r(),
        lng: -100 + r(),
        speed: r() * 70,
        status: 'IN_MOTION',
        direction: r() * 359,
        location: '',
        vehicleNumber: '7',
        vin: 'VIN7',
      };
      if (r() < 0.1) corrupt.set(p.id, r() < 0.5 ? t : undefined);
      points.push(p);
    }
  }
  return { points, corrupt };
}

interface FakeOptions {
  endDate?: 'inclusive' | 'exclusive';
  order?: 'asc' | 'desc' | 'shuffled';
  pageSize?: number;
  duplicateAcrossPages?: boolean;
  /** Throws this before serving the n-th page overall. */
  failAt?: { page: number; error: Error };
  /** Refuses end dates after this day with a 400. */
  maxEnd?: UtcDay;
}

function fakeSource(w: World, o: FakeOptions = {}) {
  const queries: LocationHistoryQuery[] = [];
  let served = 0;
  const source = {
    async *locationHistoryPages(q: LocationHistoryQuery): AsyncGenerator<HistoryPage> {
      queries.push(q);
      if (o.maxEnd && q.to > o.maxEnd) throw new RequestError(400, 'end_date is in the future');
      const lo = dayStartMs(q.from);
      const hi = dayStartMs(q.to) + (o.endDate === 'exclusive' ? 0 : 86_400_000);
      let sel = w.points.filter((p) => p.t >= lo && p.t < hi).sort((a, b) => a.t - b.t);
      if (o.order === 'desc') sel.reverse();
      if (o.order === 'shuffled') {
        const r = rng(sel.length + 3);
        sel = sel
          .map((p) => [r(), p] as const)
          .sort((a, b) => a[0] - b[0])
          .map(([, p]) => p);
      }
      const size = o.pageSize ?? 5;
      const pages: Breadcrumb[][] = [];
      for (let i = 0; i < sel.length; i += size) pages.push(sel.slice(i, i + size));
      if (pages.length === 0) pages.push([]);
      for (let i = 0; i < pages.length; i++) {
        served++;
        if (o.failAt && served === o.failAt.page) throw o.failAt.error;
        if (q.signal?.aborted) throw new AbortedError();
        await new Promise((r) => setTimeout(r, 0));
        q.onEvent?.({ type: 'request', path: 'p', attempt: 0 });
        const raw = [
          ...(o.duplicateAcrossPages && i > 0 ? [pages[i - 1]?.at(-1) as Breadcrumb] : []),
          ...(pages[i] ?? []),
        ];
        const records: Breadcrumb[] = [];
        const rejected: Rejection[] = [];
        for (const p of raw) {
          if (!w.corrupt.has(p.id)) records.push(p);
          else {
            const t = w.corrupt.get(p.id);
            rejected.push({
              reason: 'lat is not a number: "x"',
              id: p.id,
              snippet: '{}',
              ...(t === undefined ? {} : { t }),
            });
          }
        }
        yield { records, rejected, index: i + 1, nextPageToken: i + 1 < pages.length ? String(i + 1) : undefined };
      }
    },
  };
  return { source, queries };
}

/** A store that records emitted days like the app's would. */
function store(initial: Record<UtcDay, DayState> = {}) {
  const states = new Map<UtcDay, DayState>(Object.entries(initial));
  const points = new Map<string, Breadcrumb>();
  const emits: DayEmit[] = [];
  let dupes = 0;
  let active = 0;
  let maxActive = 0;
  return {
    have: (d: UtcDay): DayState => states.get(d) ?? 'missing',
    async onDay(e: DayEmit) {
      active++;
      maxActive = Math.max(maxActive, active);
      await new Promise((r) => setTimeout(r, 0));
      // the app replaces a day wholesale, so a partial day refetched is not a duplicate
      for (const id of [...points.keys()]) if (id.startsWith(`${e.chunk.day}#`)) points.delete(id);
      for (const p of chunkPoints(e.chunk)) {
        if (points.has(p.id)) dupes++;
        points.set(p.id, p);
      }
      states.set(e.chunk.day, e.complete ? 'complete' : 'partial');
      emits.push(e);
      active--;
    },
    states,
    points,
    emits,
    get dupes() {
      return dupes;
    },
    get maxActive() {
      return maxActive;
    },
  };
}

function expectedIds(w: World, from: UtcDay, to: UtcDay): string[] {
  const lo = dayStartMs(from);
  const hi = dayStartMs(to) + 86_400_000;
  return w.points
    .filter((p) => p.t >= lo && p.t < hi && !w.corrupt.has(p.id))
    .map((p) => p.id)
    .sort();
}

const FROM = '2026-02-01';
const TO = '2026-02-12';
const TODAY = '2026-03-01';

describe('syncVehicleHistory', () => {
  for (const endDate of ['inclusive', 'exclusive'] as const) {
    for (const order of ['asc', 'desc', 'shuffled'] as const) {
      it(`stores exactly the range with an ${endDate} end date and ${order} order`, async () => {
        const w = world('2026-01-25', '2026-02-20', 11, ['2026-02-05']);
        const { source, queries } = fakeSource(w, { endDate, order, duplicateAcrossPages: true });
        const s = store();
        const res = await syncVehicleHistory({
          client: source,
          vehicleId: 'v',
          from: FROM,
          to: TO,
          today: TODAY,
          have: s.have,
          onDay: s.onDay,
          chunkDays: 5,
        });
        expect([...s.points.keys()].sort()).toEqual(expectedIds(w, FROM, TO));
        expect(s.dupes).toBe(0);
        expect(s.emits.map((e) => e.chunk.day).sort()).toEqual(daysBetween(FROM, TO));
        for (const e of s.emits) {
          expect(e.complete).toBe(true);
          for (let i = 1; i < e.chunk.length; i++)
            expect(e.chunk.t[i] ?? 0).toBeGreaterThanOrEqual(e.chunk.t[i - 1] ?? 0);
        }
        expect(s.emits.find((e) => e.chunk.day === '2026-02-05')?.chunk.length).toBe(0);
        // 12 days in runs of 5: three queries, each asking one day past its run
        // single-day queries are the inclusivity probes; the runs themselves each ask one day past their end
        expect(queries.filter((q) => q.from !== q.to).map((q) => [q.from, q.to])).toEqual([
          ['2026-02-01', '2026-02-06'],
          ['2026-02-06', '2026-02-11'],
          ['2026-02-11', '2026-02-13'],
        ]);
        expect(res).toMatchObject({ cancelled: false, daysTotal: 12, daysDone: 12, records: s.points.size });
        expect(s.maxActive).toBe(1);
      });
    }
  }

  for (const endDate of ['inclusive', 'exclusive'] as const) {
    it(`keeps a reading at exactly 00:00:00.000 UTC and at 23:59:59.999 on the right day, drops those just outside (${endDate} end date)`, async () => {
      // Literal instants (Date.UTC, not the day helpers under test): every run start, run end and range edge.
      const at = (iso: string, id: string): Breadcrumb => ({
        id,
        t: Date.parse(iso),
        lat: 41,
        lng: -99,
        speed: 30,
        status: 'IN_MOTION',
        direction: 90,
        location: '',
        vehicleNumber: '7',
        vin: 'VIN7',
      });
      const w: World = {
        points: [
          at('2026-01-31T23:59:59.999Z', 'before-range'),
          at('2026-02-01T00:00:00.000Z', 'first-midnight'),
          at('2026-02-05T23:59:59.999Z', 'run1-last-ms'),
          at('2026-02-06T00:00:00.000Z', 'run2-midnight'),
          at('2026-02-09T12:00:00.000Z', 'noon'),
          at('2026-02-11T00:00:00.000Z', 'run3-midnight'),
          at('2026-02-12T23:59:59.999Z', 'last-ms'),
          at('2026-02-13T00:00:00.000Z', 'after-range'),
        ],
        corrupt: new Map(),
      };
      const { source } = fakeSource(w, { endDate, order: 'desc' });
      const s = store();
      await syncVehicleHistory({
        client: source,
        vehicleId: 'v',
        from: FROM,
        to: TO,
        today: TODAY,
        have: s.have,
        onDay: s.onDay,
        chunkDays: 5,
      });
      const dayOf = (id: string) => s.emits.find((e) => [...chunkPoints(e.chunk)].some((p) => p.id === id))?.chunk.day;
      expect([...s.points.keys()].sort()).toEqual([
        'first-midnight',
        'last-ms',
        'noon',
        'run1-last-ms',
        'run2-midnight',
        'run3-midnight',
      ]);
      expect(dayOf('first-midnight')).toBe('2026-02-01');
      expect(dayOf('run1-last-ms')).toBe('2026-02-05');
      expect(dayOf('run2-midnight')).toBe('2026-02-06');
      expect(dayOf('run3-midnight')).toBe('2026-02-11');
      expect(dayOf('last-ms')).toBe('2026-02-12');
    });
  }

  for (const endDate of ['inclusive', 'exclusive'] as const) {
    it(`counts each malformed record of the range exactly once (${endDate} end date); unreadable times go to the run start`, async () => {
      // a world where the day after the range holds records with unreadable times: the case that needs care
      let seed = 1;
      const unreadableOn = (x: World, day: UtcDay) =>
        [...x.corrupt].some(([id, t]) => t === undefined && id.startsWith(`${day}#`));
      while (!(
        unreadableOn(world(FROM, '2026-02-14', seed), '2026-02-13') &&
        unreadableOn(world(FROM, '2026-02-14', seed), '2026-02-05')
      ))
        seed++;
      const w = world(FROM, '2026-02-14', seed);
      const { source, queries } = fakeSource(w, { endDate, duplicateAcrossPages: true, pageSize: 3 });
      const s = store();
      const res = await syncVehicleHistory({
        client: source,
        vehicleId: 'v',
        from: FROM,
        to: TO,
        today: TODAY,
        have: s.have,
        onDay: s.onDay,
        chunkDays: 4,
        concurrency: 1,
      });
      const reported = s.emits.flatMap((e) => e.rejected.map((r) => ({ id: r.id ?? '', day: e.chunk.day })));
      expect(new Set(reported.map((r) => r.id)).size).toBe(reported.length);
      for (const r of reported) {
        const p = w.points.find((x) => x.id === r.id) as Breadcrumb;
        if (w.corrupt.get(r.id) !== undefined) expect(r.day).toBe(dayOfMs(p.t));
        else {
          // runs are 4 days from FROM: an unreadable time lands on the first day of the run that owns the record
          const idx = daysBetween(FROM, dayOfMs(p.t)).length - 1;
          expect(r.day).toBe(addDays(FROM, idx - (idx % 4)));
        }
      }
      const inRange = w.points
        .filter((p) => w.corrupt.has(p.id) && dayOfMs(p.t) >= FROM && dayOfMs(p.t) <= TO)
        .map((p) => p.id);
      expect(reported.map((r) => r.id).sort()).toEqual(inRange.sort());
      expect(res.rejected).toBe(reported.length);
      if (endDate === 'inclusive') {
        // the first run proves inclusivity (and probes its extra day); later runs ask for exactly their days
        expect(res.endDateMode).toBe('inclusive');
        expect(queries.slice(-2).map((q) => [q.from, q.to])).toEqual([
          ['2026-02-05', '2026-02-08'],
          ['2026-02-09', '2026-02-12'],
        ]);
      } else {
        expect(res.endDateMode).toBe('unknown');
        expect(queries.map((q) => q.to)).toEqual(['2026-02-05', '2026-02-09', '2026-02-13']);
      }
    });
  }

  it('skips complete days, refetches today as partial, and skips requests for future-only runs', async () => {
    const today = '2026-02-10';
    const w = world(FROM, today, 3);
    const { source, queries } = fakeSource(w, { pageSize: 50 });
    const s = store({
      '2026-02-01': 'complete',
      '2026-02-02': 'complete',
      '2026-02-06': 'complete',
      '2026-02-10': 'partial',
    });
    await syncVehicleHistory({
      client: source,
      vehicleId: 'v',
      from: FROM,
      to: '2026-02-12',
      today,
      have: s.have,
      onDay: s.onDay,
      chunkDays: 7,
    });
    expect(queries.filter((q) => q.from !== q.to).map((q) => [q.from, q.to])).toEqual([
      ['2026-02-03', '2026-02-06'],
      ['2026-02-07', '2026-02-11'],
    ]);
    const byDay = new Map(s.emits.map((e) => [e.chunk.day, e]));
    expect([...byDay.keys()].sort()).toEqual([
      '2026-02-03',
      '2026-02-04',
      '2026-02-05',
      '2026-02-07',
      '2026-02-08',
      '2026-02-09',
      '2026-02-10',
      '2026-02-11',
      '2026-02-12',
    ]);
    expect(byDay.get('2026-02-09')?.complete).toBe(true);
    for (const d of ['2026-02-10', '2026-02-11', '2026-02-12']) expect(byDay.get(d)?.complete).toBe(false);
    expect(byDay.get('2026-02-10')?.chunk.length).toBe(
      w.points.filter((p) => dayOfMs(p.t) === '2026-02-10' && !w.corrupt.has(p.id)).length,
    );
    // a run that starts after today asks nothing
    const s2 = store();
    const q2 = fakeSource(w);
    await syncVehicleHistory({
      client: q2.source,
      vehicleId: 'v',
      from: '2026-02-11',
      to: '2026-02-12',
      today,
      have: s2.have,
      onDay: s2.onDay,
    });
    expect(q2.queries).toHaveLength(0);
    expect(s2.emits.map((e) => e.complete)).toEqual([false, false]);
  });

  it('falls back to end_date = today when the server refuses a future end date', async () => {
    const today = '2026-02-10';
    const w = world(FROM, today, 4);
    const { source, queries } = fakeSource(w, { maxEnd: today, endDate: 'inclusive' });
    const s = store();
    await syncVehicleHistory({
      client: source,
      vehicleId: 'v',
      from: '2026-02-08',
      to: today,
      today,
      have: s.have,
      onDay: s.onDay,
    });
    expect(queries.map((q) => q.to)).toEqual(['2026-02-11', '2026-02-10']);
    expect([...s.points.keys()].sort()).toEqual(expectedIds(w, '2026-02-08', today));
  });

  it('a fatal error stops the sync and keeps what was emitted', async () => {
    const w = world(FROM, TO, 8);
    const { source } = fakeSource(w, {
      pageSize: 4,
      failAt: { page: 9, error: new ProviderKeyInvalidError('Unauthorized') },
    });
    const s = store();
    await expect(
      syncVehicleHistory({
        client: source,
        vehicleId: 'v',
        from: FROM,
        to: TO,
        today: TODAY,
        have: s.have,
        onDay: s.onDay,
        chunkDays: 2,
        concurrency: 1,
      }),
    ).rejects.toMatchObject({ kind: 'provider-key-invalid' });
    expect(s.emits.length).toBeGreaterThan(0);
    expect(s.emits.length).toBeLessThan(12);
    for (const e of s.emits) expect(e.chunk.length).toBe(expectedIds(w, e.chunk.day, e.chunk.day).length);
  });

  it('cancel at random points then resume: nothing lost, nothing duplicated', async () => {
    let cancels = 0;
    for (let seed = 1; seed <= 6; seed++) {
      const w = world(FROM, '2026-02-20', seed);
      const s = store();
      const r = rng(seed * 97);
      for (let round = 0; round < 60; round++) {
        const ac = new AbortController();
        const { source } = fakeSource(w, {
          order: 'shuffled',
          pageSize: 3,
          endDate: round % 2 ? 'exclusive' : 'inclusive',
        });
        const stopAfter = 1 + Math.floor(r() * 40);
        let calls = 0;
        const counting = {
          locationHistoryPages(q: LocationHistoryQuery) {
            return source.locationHistoryPages({
              ...q,
              onEvent: (e) => {
                q.onEvent?.(e);
                if (++calls === stopAfter) ac.abort();
              },
            });
          },
        };
        const res = await syncVehicleHistory({
          client: counting,
          vehicleId: 'v',
          from: FROM,
          to: '2026-02-18',
          today: TODAY,
          have: s.have,
          onDay: s.onDay,
          chunkDays: 3,
          signal: ac.signal,
        });
        if (!res.cancelled) break;
        cancels++;
        for (const e of s.emits) expect(e.chunk.length).toBe(expectedIds(w, e.chunk.day, e.chunk.day).length);
      }
      expect([...s.points.keys()].sort()).toEqual(expectedIds(w, FROM, '2026-02-18'));
      expect(s.dupes).toBe(0);
      expect(new Set(s.emits.map((e) => e.chunk.day)).size).toBe(s.emits.length);
    }
    expect(cancels).toBeGreaterThan(6);
  });

  it('reports progress with requests', async () => {
    const w = world(FROM, TO, 2);
    const { source } = fakeSource(w, { pageSize: 4 });
    const s = store();
    const seen: number[] = [];
    const res = await syncVehicleHistory({
      client: source,
      vehicleId: 'v',
      from: FROM,
      to: TO,
      today: TODAY,
      have: s.have,
      onDay: s.onDay,
      onProgress: (p) => seen.push(p.daysDone),
    });
    expect(res.requests).toBeGreaterThan(3);
    expect(seen.at(-1)).toBe(12);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });
});
