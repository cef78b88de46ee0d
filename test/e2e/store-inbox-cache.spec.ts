import { expect, test } from './fixtures.ts';
import { inHarness as h, openHarness } from './harness/serve.ts';

/**
 * The inbox's kept results (renderer/src/store/inbox-cache.ts) in Chromium's IndexedDB: each carrier keeps
 * its six most recently used queries (ranges, zones, parameters), a query used again moves to the front
 * and drops the trucks no longer in it, and deleting a carrier deletes its rows and no other carrier's.
 */
test('the inbox keeps each carrier’s six most recent queries, drops a truck’s day gone from the store, and forgets a deleted carrier', async ({
  page,
}) => {
  await openHarness(page, 'http://localhost:47300');
  const out = await h(page, (x) => x.inboxCacheKeeping('routelens-inbox-cache'), null);
  const both = (q: string) => [`c1/${q}/v1`, `c1/${q}/v2`];
  // q0…q7 used in turn, then q2 again (v2 gone), then q-new: q0, q1 and q3 are the oldest and go.
  expect(out.kept).toEqual(
    ['c1/q-new/v1', 'c1/q2/v1', ...both('q4'), ...both('q5'), ...both('q6'), ...both('q7'), 'c2/q0/w1'].sort(),
  );
  expect(out.read).toEqual(['v1@q2']);
  expect(out.afterDelete).toEqual(['c2/q0/w1']);
  expect(out.queriesLeft).toEqual(['c2/q0']);
});

test('the kept days are a row per truck and month: a day analysed again or added keeps its month’s other days, a month whose days are all gone goes, a torn row reads as nothing kept', async ({
  page,
}) => {
  await openHarness(page, 'http://localhost:47300');
  const out = await h(page, (x) => x.inboxMonthRows('routelens-inbox-months'), null);
  expect(out.written).toEqual(['v1/2026-10: 2026-10-30=a 2026-10-31=a', 'v1/2026-11: 2026-11-01=a 2026-11-02=a']);
  expect(out.merged).toEqual([
    'v1/2026-10: 2026-10-30=a 2026-10-31=a',
    'v1/2026-11: 2026-11-01=b 2026-11-02=a',
    'v2/2026-10: 2026-10-31=a',
  ]);
  // Across the month's edge, only the range's days; v3's torn rows give nothing (its days are analysed again).
  expect(out.read).toEqual(['v1 2026-10-31=a', 'v1 2026-11-01=b', 'v2 2026-10-31=a']);
  expect(out.dropped).toEqual(['v1/2026-11: 2026-11-01=b 2026-11-02=a', 'v2/2026-10: 2026-10-31=a']);
});
