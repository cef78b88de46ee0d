import { expect, test } from './fixtures.ts';
import { inHarness as h, openHarness } from './harness/serve.ts';

/**
 * The inbox worker's coverage digest (renderer/src/store/coverage-digest.ts) in Chromium's IndexedDB: a carrier's
 * coverage rows kept in one row under the store's stamp come back field for field without reading the rows; a
 * day written changes the stamp and the rows are read again; a torn digest is read past; deleting a carrier
 * deletes its digest and no other carrier's.
 */
test('a carrier’s coverage is read once per state of the store, then answered from its digest; a new day or a torn digest reads the rows again', async ({
  page,
}) => {
  await openHarness(page, 'http://localhost:47300');
  const out = await h(page, (x) => x.coverageDigestSteps('routelens-coverage-digest'), null);
  const c1 = [
    'c1 v1 2026-11-01 complete 103 1790000000001',
    'c1 v1 2026-11-02 partial 104 1790000000002',
    'c1 v2 2026-11-01 complete 105 1790000000003',
  ];
  expect(out.first).toEqual(c1);
  // Answered from the digest: the same rows, no read.
  expect(out.again).toEqual(c1);
  const withNewDay = [...c1, 'c1 v2 2026-11-02 complete 104 1790000000009'];
  expect(out.added).toEqual(withNewDay);
  expect(out.afterTorn).toEqual(withNewDay);
  expect(out.reads).toEqual(['first c1', 'other c2', 'added c1', 'torn c1']);
  expect(out.left).toEqual(['c2']);
});
