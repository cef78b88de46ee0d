import { summarizeDay } from '../../shared/track/summary.ts';
import { SUMMARY_RULE } from '../../shared/track/summary.ts';
import { addDays } from '../../shared/util/day.ts';
import { expect, test } from './fixtures.ts';
import { openDownloads, openReviewOf, setHomeZone, startJob, TODAY } from './harness/app.ts';
import { inHarness as h, openHarness } from './harness/serve.ts';
import { truthChunks } from './review-truth.ts';

/**
 * Day summaries stored by a version before the current summary rules (no
 * rule version, the parked-gap params, figures of the old rules) are never
 * shown: the Review recomputes the days it reads from their chunks, shows the
 * current figures, and writes the recomputed summaries back (so each stored
 * day is recomputed once); days nobody read stay as they were until read.
 * No Dexie version bump is involved: the stored shape's indexes did not change.
 * Stored summaries are per UTC day, so they are what a carrier whose home
 * zone is UTC sees (other zones' local days are summarised from the readings).
 */
test('summaries stored by the old rules are recomputed when read and written back, day by day', async ({
  page,
  shell,
}, testInfo) => {
  await openDownloads(page, shell);
  const { carrierId, vehicleIds } = await startJob(page, 1, '7d');
  await expect(page.getByTestId('dl-job').first()).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
  const vehicleId = vehicleIds[0]!;
  const day = addDays(TODAY, -1);
  await setHomeZone(page, carrierId, 'UTC');

  // What the previous version left in the store, on the app's own origin (same IndexedDB).
  const store = await page.context().newPage();
  await openHarness(store, shell.origin);
  const aged = await h(store, (x) => x.ageSummaries(), null);
  expect(aged.length).toBeGreaterThanOrEqual(7);
  expect(aged.every((s) => s.rule === undefined && s.maxSpeedMph === 13021.7)).toBe(true);

  await openReviewOf(page, day);
  const [chunk] = truthChunks(carrierId, vehicleId, day, day);
  const current = summarizeDay(chunk!);
  const total = (k: string) => page.getByTestId(`total-${k}`);
  await expect(total('max-speed')).toHaveAttribute('data-value', String(current.maxSpeedMph));
  await expect(total('moving')).toHaveAttribute('data-value', String(current.movingSeconds));
  await expect(total('speeding')).toHaveAttribute('data-value', String(current.speedingEvents));
  expect(current.maxSpeedMph).toBeLessThan(110);

  // The days read (the Review opens on the latest stored day, then this one) are stored again by the current rules; the days nobody read are untouched.
  await expect
    .poll(async () =>
      (await h(store, (x) => x.summaries(), null))
        .filter((s) => s.rule === SUMMARY_RULE)
        .map((s) => `${s.vehicleId}/${s.day}`)
        .sort(),
    )
    .toEqual([`${vehicleId}/${day}`, `${vehicleId}/${TODAY}`]);
  const rows = await h(store, (x) => x.summaries(), null);
  const refreshed = rows.find((s) => s.day === day && s.vehicleId === vehicleId)!;
  expect(refreshed).toMatchObject({
    movingSeconds: current.movingSeconds,
    maxSpeedMph: current.maxSpeedMph,
    speedingEvents: current.speedingEvents,
    params: current.params,
  });
  expect(rows.filter((s) => s.rule === undefined)).toHaveLength(aged.length - 2);

  // Reading the week recomputes and stores the rest of it.
  await page.getByTestId('review-span-week').click();
  const review = page.getByTestId('review-page');
  await expect(review).toHaveAttribute('data-key', new RegExp(`:${addDays(TODAY, -7)}:${day}:`));
  await expect(review).toHaveAttribute('data-state', 'ready');
  await expect
    .poll(
      async () =>
        (await h(store, (x) => x.summaries(), null)).filter(
          (s) => s.rule === undefined && s.day >= addDays(TODAY, -7) && s.day <= day,
        ).length,
    )
    .toBe(0);
  await page.screenshot({ path: testInfo.outputPath('summaries-refreshed.png') });
  await store.close();
});
