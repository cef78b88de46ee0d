import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { inHarness, openHarness } from './harness/serve.ts';

// A throwaway origin per test (page.route serves it; localhost counts as a secure context).
let port = 47100;
const START_MS = Date.UTC(2026, 5, 1, 6);

async function harnessPage(page: Page): Promise<void> {
  await openHarness(page, `http://localhost:${port++}`);
}

const h = inHarness;

test('putDay writes chunk, summary, rejections and coverage in one transaction: a failure inside it leaves the earlier version intact', async ({
  page,
}, testInfo) => {
  await harnessPage(page);
  const days = await h(page, (x, a) => x.generate('veh-1', 7, 3, a), START_MS);
  const day = days[1]!;
  expect(day.ids.length).toBeGreaterThan(20);

  // A first, shorter version of the day, then a failing attempt to replace it with the full day.
  const first = await h(
    page,
    (x, d) =>
      x.putDay({ via: 'main', carrierId: 'c1', vehicleId: 'veh-1', day: d, complete: false, take: 10, rejected: 1 }),
    day.day,
  );
  expect(first.ok).toBe(true);
  const failed = await h(
    page,
    (x, d) =>
      x.putDay({
        via: 'main',
        carrierId: 'c1',
        vehicleId: 'veh-1',
        day: d,
        complete: true,
        throwInside: true,
        rejected: 3,
      }),
    day.day,
  );
  expect(failed).toMatchObject({ ok: false });

  const dump = await h(page, (x) => x.dump(), null);
  expect(dump.counts).toEqual({ chunks: 1, summaries: 1, coverage: 1, rejections: 1, overviews: 1 });
  expect(dump.days[0]!.ids).toEqual(day.ids.slice(0, 10));
  expect(dump.days[0]!.summaryPoints).toBe(10);
  expect(dump.days[0]!.rejections).toBe(1);
  expect(dump.coverage[0]).toMatchObject({ state: 'partial', points: 10 });

  // A failing write of a day never stored leaves no trace in any table.
  const other = days[2]!;
  await h(
    page,
    (x, d) => x.putDay({ via: 'main', carrierId: 'c1', vehicleId: 'veh-1', day: d, complete: true, throwInside: true }),
    other.day,
  );
  const after = await h(page, (x) => x.dump(), null);
  expect(after.counts).toEqual({ chunks: 1, summaries: 1, coverage: 1, rejections: 1, overviews: 1 });
  await page.screenshot({ path: testInfo.outputPath('atomic.png') });
});

test('putDays stores several days in one transaction, their arrays moved to the worker; a failure inside it stores none of them', async ({
  page,
}) => {
  await harnessPage(page);
  const days = await h(page, (x, a) => x.generate('veh-5', 5, 4, a), START_MS);
  const first = days.slice(0, 3).map((d) => d.day);
  const moved = await h(
    page,
    (x, d) => x.putDays({ via: 'worker', carrierId: 'c1', vehicleId: 'veh-5', days: d }),
    first,
  );
  expect(moved).toMatchObject({ ok: true, value: { detached: true } });
  const dump = await h(page, (x) => x.dump(), null);
  expect(dump.counts).toEqual({ chunks: 3, summaries: 3, coverage: 3, rejections: 3, overviews: 3 });
  for (const d of days.slice(0, 3)) {
    const stored = dump.days.find((s) => s.day === d.day)!;
    expect(stored.ids).toEqual(d.ids);
    expect(stored.summaryPoints).toBe(d.ids.length);
    expect(dump.coverage.find((c) => c.day === d.day)).toMatchObject({ state: 'complete', points: d.ids.length });
  }

  // A stored day and a new one together, failing inside: neither changes.
  const both = [days[2]!.day, days[3]!.day];
  const failed = await h(
    page,
    (x, d) => x.putDays({ via: 'main', carrierId: 'c2', vehicleId: 'veh-5', days: d, throwInside: true }),
    both,
  );
  expect(failed).toMatchObject({ ok: false });
  const after = await h(page, (x) => x.dump(), null);
  expect(after.counts).toEqual(dump.counts);
  expect(after.days.map((d) => d.carrierId)).toEqual(['c1', 'c1', 'c1']);
});

test('a day written again replaces the earlier chunk: no duplicate points, coverage follows', async ({
  page,
}, testInfo) => {
  await harnessPage(page);
  const days = await h(page, (x, a) => x.generate('veh-2', 11, 2, a), START_MS);
  const day = days[0]!;
  // Today's partial day, then the same day again when complete (a superset of the points).
  expect(
    (
      await h(
        page,
        (x, d) => x.putDay({ via: 'worker', carrierId: 'c1', vehicleId: 'veh-2', day: d, complete: false, take: 15 }),
        day.day,
      )
    ).ok,
  ).toBe(true);
  expect(
    (
      await h(
        page,
        (x, d) => x.putDay({ via: 'worker', carrierId: 'c1', vehicleId: 'veh-2', day: d, complete: true }),
        day.day,
      )
    ).ok,
  ).toBe(true);
  expect(
    (
      await h(
        page,
        (x, d) => x.putDay({ via: 'worker', carrierId: 'c1', vehicleId: 'veh-2', day: d, complete: true }),
        day.day,
      )
    ).ok,
  ).toBe(true);

  const dump = await h(page, (x) => x.dump(), null);
  expect(dump.counts.chunks).toBe(1);
  const stored = dump.days[0]!;
  expect(stored.ids).toEqual(day.ids);
  expect(new Set(stored.ids).size).toBe(stored.ids.length);
  expect(stored.t).toEqual([...stored.t].sort((a, b) => a - b));
  expect(dump.coverage).toHaveLength(1);
  expect(dump.coverage[0]).toMatchObject({ state: 'complete', points: day.ids.length });
  expect(dump.coverage[0]!.bytes).toBeGreaterThan(day.ids.length * 6 * 8);
  await page.screenshot({ path: testInfo.outputPath('replace.png') });
});

test('deletes: a vehicle day range, a whole vehicle, a whole carrier, each across every table', async ({
  page,
}, testInfo) => {
  await harnessPage(page);
  const a = await h(page, (x, s) => x.generate('veh-a', 21, 5, s), START_MS);
  const b = await h(page, (x, s) => x.generate('veh-b', 22, 5, s), START_MS);
  const c = await h(page, (x, s) => x.generate('veh-c', 23, 5, s), START_MS);
  for (const [vehicleId, carrierId, list] of [
    ['veh-a', 'c1', a],
    ['veh-b', 'c1', b],
    ['veh-c', 'c2', c],
  ] as const) {
    for (const d of list) {
      const r = await h(
        page,
        (x, o) =>
          x.putDay({
            via: 'worker',
            carrierId: o.carrierId,
            vehicleId: o.vehicleId,
            day: o.day,
            complete: true,
            rejected: 1,
          }),
        { vehicleId, carrierId, day: d.day },
      );
      expect(r.ok).toBe(true);
    }
  }
  const daysA = a.map((d) => d.day);
  const removed = await h(page, (x, o) => x.deleteVehicleDays('c1', 'veh-a', o.from, o.to), {
    from: daysA[1]!,
    to: daysA[3]!,
  });
  expect(removed).toEqual({ ok: true, value: 3 });
  let dump = await h(page, (x) => x.dump(), null);
  const left = (v: string) =>
    dump.days
      .filter((d) => d.vehicleId === v)
      .map((d) => d.day)
      .sort();
  const kept = daysA.filter((d) => d < daysA[1]! || d > daysA[3]!);
  expect(kept.length).toBeGreaterThanOrEqual(2);
  expect(left('veh-a')).toEqual(kept);
  expect(
    dump.coverage
      .filter((r) => r.vehicleId === 'veh-a')
      .map((r) => r.day)
      .sort(),
  ).toEqual(kept);
  expect(left('veh-b')).toHaveLength(b.length);
  const total = a.length - 3 + b.length + c.length;
  expect(dump.counts).toEqual({
    chunks: total,
    summaries: total,
    coverage: total,
    rejections: total,
    overviews: total,
  });

  await h(page, (x) => x.deleteVehicleDays('c1', 'veh-b', null, null), null);
  dump = await h(page, (x) => x.dump(), null);
  expect(left('veh-b')).toEqual([]);

  await h(page, (x) => x.deleteCarrier('c1'), null);
  dump = await h(page, (x) => x.dump(), null);
  expect(dump.counts).toEqual({
    chunks: c.length,
    summaries: c.length,
    coverage: c.length,
    rejections: c.length,
    overviews: c.length,
  });
  expect(new Set(dump.days.map((d) => d.carrierId))).toEqual(new Set(['c2']));
  await page.screenshot({ path: testInfo.outputPath('deletes.png') });
});
