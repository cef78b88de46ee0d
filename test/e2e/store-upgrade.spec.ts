import { expect, test } from './fixtures.ts';
import { inHarness as h, openHarness } from './harness/serve.ts';

test('a version-1 database is upgraded to the current version: coverage gains bytes computed from each chunk, the new index answers, the review trail is kept apart from the days, the newest fetch is indexed, day overviews are stored and deleted with their day', async ({
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
  expect(after.verno).toBe(6);
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
  await page.screenshot({ path: testInfo.outputPath('upgrade.png') });
});

test('a version-5 database is upgraded to version 6: the per-range inbox table goes, the per-day one answers a range of days, the days and the review trail stay', async ({
  page,
}) => {
  await openHarness(page, 'http://localhost:47300');
  const out = await h(page, (x) => x.inboxUpgradeFromV5('routelens-upgrade-v5'), null);
  expect(out.verno).toBe(6);
  expect(out.tables).not.toContain('inboxCache');
  expect(out.tables).toContain('inboxDays');
  expect(out.coverage).toBe(1);
  expect(out.marks).toEqual(['kept']);
  expect(out.readDays).toEqual(['2026-11-02', '2026-11-03']);
});
