import { expect, test } from './fixtures.ts';
import { openDownloads, startJob, world } from './harness/app.ts';
import { openDrivenDay } from './harness/review-layout.ts';

/**
 * Issue 31, item 5 (Trip review): times default to the carrier's home zone, and every time shown carries
 * its zone's abbreviation. The display zone changes labels only: the day's readings and totals stay.
 */
test("Trip review's clock: home-zone times by default, each labelled; another display zone relabels, never re-days", async ({
  page,
  shell,
}) => {
  await openDownloads(page, shell);
  const { carrierId } = await startJob(page, 1, '7d');
  await expect(page.getByTestId('dl-job').first()).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
  const home = world.truth.carriers().find((c) => `demo-${c.id}` === carrierId)!.homeZone;
  expect(home).toBe('America/Chicago');
  await openDrivenDay(page);

  // The default is the carrier's home zone, said so in the picker; November in Chicago is CST.
  const zone = page.getByTestId('review-zone');
  await expect(zone).toHaveValue('home');
  await expect(zone.locator('option:checked')).toHaveText(`Carrier's home zone (${home})`);
  const shown = {
    now: page.getByTestId('now-panel'),
    trip: page.getByTestId('trip-figures').first(),
    stop: page.getByTestId('stop-row').first(),
    window: page.getByTestId('zoom-window'),
    axis: page.getByTestId('chart-time-zone'),
  };
  const expectLabelled = async (abbr: string) => {
    await expect(shown.now).toContainText(`Time (${abbr})`);
    await expect(shown.trip).toHaveText(
      new RegExp(`^\\S+ \\d\\d:\\d\\d:\\d\\d ${abbr} → \\d\\d:\\d\\d:\\d\\d ${abbr} · `),
    );
    await expect(shown.window).toContainText(`Times in ${abbr}`);
    await expect(shown.axis).toHaveText(`Time (${abbr})`);
  };
  await expectLabelled('CST');
  // Stops and events: each row's time with its zone.
  await page.getByTestId('tab-stops').click();
  if ((await shown.stop.count()) > 0) await expect(shown.stop).toContainText(' CST · ');
  await page.getByTestId('tab-trips').click();

  const totals = page.getByTestId('review-totals');
  const figures = async () =>
    Object.fromEntries(
      await Promise.all(
        ['points', 'distance', 'moving', 'speeding'].map(
          async (k) => [k, await totals.getByTestId(`total-${k}`).getAttribute('data-value')] as const,
        ),
      ),
    );
  const before = await figures();
  const review = page.getByTestId('review-page');
  const key = await review.getAttribute('data-key');
  const tripText = await shown.trip.textContent();

  // UTC, then New York: the same day, readings and totals; the times and their abbreviation change.
  for (const [value, abbr] of [
    ['UTC', 'UTC'],
    ['America/New_York', 'EST'],
  ] as const) {
    await zone.selectOption(value);
    await expectLabelled(abbr);
    await expect(shown.trip).not.toHaveText(tripText!);
    await expect(review).toHaveAttribute('data-key', key!);
    await expect(review).toHaveAttribute('data-state', 'ready');
    expect(await figures(), `totals under ${value}`).toEqual(before);
    await expect(page.getByTestId('review-days-zone')).toHaveText(`(days in ${home})`);
  }
});
