import type { Page } from '@playwright/test';
import { DEMO_OVER_LIMIT_RULE, overLimitTruth, type OverLimitRule } from '../../electron/node/simulator/limit-truth.ts';
import { daysFromTo, localDayInterval } from '../../shared/time/local-day.ts';
import { addDays } from '../../shared/util/day.ts';
import { expect, test } from './fixtures.ts';
import { openDownloads, openInboxRange, openReviewOf, startJob, TODAY, world } from './harness/app.ts';
import { inboxRows } from './inbox-rows.ts';
import { homeZoneOf } from './review-truth.ts';

/**
 * Posted-limit speeding of the demo, out of the box (issue 33): the demo carriers come with the
 * simulator's road network as their road limits, so the safety inbox lists "over the limit" events of a
 * downloaded truck, and they are exactly the runs the simulator recorded as over the limit of the road the
 * truck was on (electron/node/simulator/limit-truth.ts), judged per local day of the carrier's home zone as
 * the inbox judges them. The tolerance set in the inbox's Analysis settings is the rule the app judges
 * with: the list follows the simulator's runs under that rule, and going back gives the first list again.
 * Trip review lists the same events for a day of the range.
 */
const FROM = addDays(TODAY, -5);
const TO = addDays(TODAY, -1);

/** The simulator's runs of one truck over the local days `from`..`to` (default: the range's). */
function truthOf(carrierId: string, vehicleId: string, rule: OverLimitRule, from = FROM, to = TO): number[] {
  const carrier = world.carriers.find((c) => `demo-${c.info.id}` === carrierId)!;
  const ref = world.vehicleRef(
    carrier,
    carrier.vehicles.find((v) => v.vehicle_id === vehicleId)!,
  );
  const zone = homeZoneOf(carrierId);
  return daysFromTo(from, to).flatMap((d) => {
    const { startMs, endMs } = localDayInterval(d, zone);
    return overLimitTruth(ref, startMs, endMs, rule).map((r) => r.startMs);
  });
}

/** Start times of the listed over-the-limit events. */
async function listedOverLimit(page: Page): Promise<number[]> {
  const rows = await inboxRows(page.getByTestId('inbox-list'));
  return rows
    .filter((r) => r.startsWith('over-limit@'))
    .map((r) => Number(r.slice('over-limit@'.length)))
    .sort((a, b) => a - b);
}

async function setTolerance(page: Page, mph: number) {
  await page.getByTestId('analysis-settings-toggle').click();
  const field = page.getByTestId('analysis-param-overLimitToleranceMph');
  await field.fill(String(mph));
  await field.press('Enter');
  await page.getByTestId('analysis-settings-toggle').click();
}

test('the demo truck’s over-the-limit events in the inbox equal the simulator’s own record, under the rule set', async ({
  page,
  shell,
}) => {
  await openDownloads(page, shell);
  const { carrierId, vehicleIds } = await startJob(page, 1, '7d');
  await expect(page.getByTestId('dl-job').first()).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
  const vehicleId = vehicleIds[0]!;
  const truth = truthOf(carrierId, vehicleId, DEMO_OVER_LIMIT_RULE);
  expect(truth.length).toBeGreaterThan(0);

  const inbox = await openInboxRange(page, FROM, TO);
  await expect(inbox).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('inbox-kind-over-limit')).toHaveAttribute('data-count', String(truth.length));
  expect(await listedOverLimit(page)).toEqual([...truth].sort((a, b) => a - b));

  // A stricter tolerance: the simulator's runs under that rule, fewer of them.
  const stricter = truthOf(carrierId, vehicleId, { ...DEMO_OVER_LIMIT_RULE, toleranceMph: 9 });
  expect(stricter.length).toBeLessThan(truth.length);
  await setTolerance(page, 9);
  await expect(page.getByTestId('inbox-kind-over-limit')).toHaveAttribute('data-count', String(stricter.length));
  await expect(inbox).toHaveAttribute('data-state', 'ready');
  expect(await listedOverLimit(page)).toEqual([...stricter].sort((a, b) => a - b));

  // Back to the default: the same list as at first.
  await setTolerance(page, DEMO_OVER_LIMIT_RULE.toleranceMph);
  await expect(page.getByTestId('inbox-kind-over-limit')).toHaveAttribute('data-count', String(truth.length));
  await expect(inbox).toHaveAttribute('data-state', 'ready');
  expect(await listedOverLimit(page)).toEqual([...truth].sort((a, b) => a - b));

  // Trip review of a day with runs lists exactly that day's.
  const day = daysFromTo(FROM, TO).find((d) => truthOf(carrierId, vehicleId, DEMO_OVER_LIMIT_RULE, d, d).length > 0)!;
  await openReviewOf(page, day);
  await page.getByTestId('tab-events').click();
  const reviewed = await page
    .locator('[data-testid="event-row"][data-kind="over-limit"]')
    .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-start-ms'))));
  expect(reviewed.sort((a, b) => a - b)).toEqual(truthOf(carrierId, vehicleId, DEMO_OVER_LIMIT_RULE, day, day));
});
