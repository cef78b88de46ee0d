import type { Page } from '@playwright/test';
import { expect, openApp, test } from './fixtures.ts';
import { dumpStore, setHomeZone, world } from './harness/app.ts';
import { inHarness as h, openHarness } from './harness/serve.ts';

test('a version-1 database is upgraded to the current version: coverage gains bytes computed from each chunk, the new index answers, the review trail is kept apart from the days, the newest fetch is indexed, day overviews and analysis columns are stored and deleted with their day', async ({
  page,
}, testInfo) => {
  await openHarness(page, 'http://localhost:47300');
  const days = await h(page, (x, start) => x.generate('veh-up', 5, 4, start), Date.UTC(2026, 6, 1, 6));
  const dayList = days.map((d) => d.day);
  await h(page, (x, list) => x.createV1('routelens-upgrade', 'c-up', 'veh-up', list), dayList);

  // The v1 rows really lack bytes before the upgrade (IndexedDB version 10 = Dexie version 1).
  const before = await h(page, (x) => x.rawCoverage('routelens-upgrade'), null);
  expect(before.version).toBe(10);
  expect(before.rows).toHaveLength(dayList.length);
  for (const r of before.rows) expect(r['bytes']).toBeUndefined();

  const after = await h(page, (x) => x.openCurrent('routelens-upgrade'), null);
  expect(after.verno).toBe(12);
  expect(after.coverage.map((r) => r.day).sort()).toEqual(dayList);
  for (const row of after.coverage) {
    expect(row.bytes).toBe(after.expectedBytes[row.day]);
    expect(row.bytes).toBeGreaterThan(0);
    expect(row.points).toBe(days.find((d) => d.day === row.day)!.ids.length);
  }
  expect(after.indexed).toBe(dayList.length);
  expect(after.marksKept).toBe(1);
  expect(after.newestFetchedAt).toBe(Math.max(...after.coverage.map((r) => r.fetchedAt)));
  // Version 5: the upgrade adds an empty overview table (filled on first read), and a day's overview goes with the day.
  expect(after.overviews).toEqual({ upgraded: 0, stored: 1, afterDelete: 0 });
  // Version 9: no analysis columns after the upgrade; the inbox's read takes each day's chunk and keeps its
  // columns once, the next read finds them with the same readings, and they go with their day.
  const vehicleDays = after.coverage.filter((r) => r.vehicleId === after.coverage[0]!.vehicleId).length;
  expect(after.columns).toEqual({
    upgraded: 0,
    fromChunks: vehicleDays,
    kept: vehicleDays,
    keptAgain: 0,
    fromChunksAgain: 0,
    sameReadings: true,
    afterDelete: 0,
  });
  await page.screenshot({ path: testInfo.outputPath('upgrade.png') });
});

test('a version-5 database is upgraded to the current version: the per-range inbox table goes, the per-day one answers a range of days, the days and the review trail stay', async ({
  page,
}) => {
  await openHarness(page, 'http://localhost:47300');
  const out = await h(page, (x) => x.inboxUpgradeFromV5('routelens-upgrade-v5'), null);
  expect(out.verno).toBe(12);
  expect(out.tables).not.toContain('inboxCache');
  // Version 8: the assignments table, empty on an upgrade (a database before it has none).
  expect(out.tables).toContain('assignments');
  // Version 11: the kept day parts a row per vehicle and month.
  expect(out.tables).toContain('inboxMonths');
  expect(out.tables).not.toContain('inboxDays');
  // Version 12: each carrier's coverage digest, empty on an upgrade.
  expect(out.tables).toContain('coverageDigests');
  // Version 10: Compare's kept results, empty on an upgrade.
  expect(out.tables).toContain('compareResults');
  expect(out.coverage).toBe(1);
  expect(out.marks).toEqual(['kept']);
  expect(out.readDays).toEqual(['2026-11-02', '2026-11-03']);
});

/** The Storage screen's points of a carrier's vehicle. */
function storedPoints(page: Page, carrierId: string, vehicleId: string) {
  return page
    .locator(`[data-testid="storage-carrier"][data-carrier-id="${carrierId}"]`)
    .locator(`[data-testid="storage-vehicle"][data-vehicle-id="${vehicleId}"]`)
    .getByTestId('storage-vehicle-points');
}

test('a version-6 database opened by the app: every stored day moves under its carrier, one vehicle id of two carriers included; Storage and the Review show each carrier its own days', async ({
  page,
  shell,
}, testInfo) => {
  test.setTimeout(120_000);
  const [a, b] = world.truth
    .carriers()
    .slice(0, 2)
    .map((c) => `demo-${c.id}`) as [string, string];
  // The app's own database, written as version 6 did before the app first opens it (same origin, same IndexedDB).
  const store = await page.context().newPage();
  await openHarness(store, shell.origin);
  const shared = await h(store, (x, s) => x.generate('truck-shared', 31, 6, s), Date.UTC(2026, 10, 10, 6));
  // More days than one step of the upgrade copies (16 chunks).
  const long = await h(store, (x, s) => x.generate('truck-long', 32, 30, s), Date.UTC(2026, 9, 1, 6));
  // Version 6 could hold a vehicle id of two carriers only on different days: A's first days, B's the rest.
  const split = 4;
  const rows = [
    ...shared.map((d, i) => ({ carrierId: i < split ? a : b, vehicleId: 'truck-shared', day: d.day, ids: d.ids })),
    ...long.map((d) => ({ carrierId: b, vehicleId: 'truck-long', day: d.day, ids: d.ids })),
  ].map((r, i) => ({ ...r, rejected: i % 3 }));
  expect(rows.length).toBeGreaterThan(2 * 16);
  await h(
    store,
    (x, list) => x.createV6('routelens', list),
    rows.map(({ ids: _ids, ...r }) => r),
  );
  await store.close();

  await openApp(page, shell);
  await page.getByTestId('explore-demo').click();
  await expect(page.getByTestId('first-run')).toHaveCount(0);

  const dump = await dumpStore(page, shell);
  expect(dump.counts).toEqual({
    chunks: rows.length,
    summaries: rows.length,
    coverage: rows.length,
    rejections: rows.length,
    overviews: rows.length,
  });
  for (const [i, r] of rows.entries()) {
    const where = `${r.carrierId} ${r.vehicleId} ${r.day}`;
    const day = dump.days.find((d) => d.carrierId === r.carrierId && d.vehicleId === r.vehicleId && d.day === r.day);
    expect(day?.ids, where).toEqual(r.ids);
    expect(day?.summaryPoints, where).toBe(r.ids.length);
    expect(day?.rejections, where).toBe(r.rejected);
    const cov = dump.coverage.find(
      (c) => c.carrierId === r.carrierId && c.vehicleId === r.vehicleId && c.day === r.day,
    );
    expect(cov, where).toMatchObject({ state: 'complete', points: r.ids.length, fetchedAt: 1_000 + i });
  }
  const kept = await (async () => {
    const other = await page.context().newPage();
    try {
      await openHarness(other, shell.origin);
      return await h(other, (x) => x.keptApart(), null);
    } finally {
      await other.close();
    }
  })();
  expect(kept.verno).toBe(12);
  expect(kept.tables).toEqual(
    expect.arrayContaining([
      'assignments',
      'dayChunks',
      'dayCoverage',
      'dayOverviews',
      'dayRejections',
      'daySummaries',
    ]),
  );
  for (const gone of ['chunks', 'coverage', 'overviews', 'rejections', 'summaries'])
    expect(kept.tables).not.toContain(gone);
  expect(kept.marks).toEqual([`${a}: mark of ${a}`, `${b}: mark of ${b}`].sort());
  // The app prepares the inbox meanwhile (rows of its own query): the kept parts of version 6 are among them.
  expect(kept.inboxDays).toEqual(
    expect.arrayContaining([
      `${a}/truck-shared/${shared[0]!.day}: stamp of ${a}`,
      `${b}/truck-shared/${shared[split]!.day}: stamp of ${b}`,
    ]),
  );

  // The Storage screen: each carrier's truck-shared holds its own days' readings.
  const sum = (list: typeof rows) => list.reduce((n, r) => n + r.ids.length, 0);
  const of = (carrierId: string, vehicleId: string) =>
    rows.filter((r) => r.carrierId === carrierId && r.vehicleId === vehicleId);
  await page.getByTestId('nav-storage').click();
  await expect(storedPoints(page, a, 'truck-shared')).toHaveAttribute(
    'data-points',
    String(sum(of(a, 'truck-shared'))),
  );
  await expect(storedPoints(page, b, 'truck-shared')).toHaveAttribute(
    'data-points',
    String(sum(of(b, 'truck-shared'))),
  );
  await expect(storedPoints(page, b, 'truck-long')).toHaveAttribute('data-points', String(sum(of(b, 'truck-long'))));
  await expect(storedPoints(page, a, 'truck-long')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('storage-after-upgrade.png'), fullPage: true });

  // The Review of carrier B's truck-shared opens on B's days and reads B's readings of the day.
  await setHomeZone(page, b, 'UTC');
  await page.getByTestId('nav-review').click();
  await page.getByTestId('review-carrier').selectOption(b);
  const vehicle = page.getByTestId('review-vehicle');
  await expect(vehicle.locator('option[value="truck-shared"]')).toHaveText(
    new RegExp(`\\(${of(b, 'truck-shared').length} d\\)$`),
  );
  await vehicle.selectOption('truck-shared');
  const day = of(b, 'truck-shared')[0]!;
  const review = page.getByTestId('review-page');
  await page.getByTestId('review-day').fill(day.day);
  await page.getByTestId('review-span-day').click();
  // The key names the carrier, then the road limits judged with (the demo roads here).
  await expect(review).toHaveAttribute('data-key', new RegExp(`:${day.day}:${day.day}:.*:${b}:`));
  await expect(review).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('total-points')).toHaveAttribute('data-value', String(day.ids.length));
});
