import type { Page } from '@playwright/test';
import { addDays } from '../../shared/util/day.ts';
import { expect, test } from './fixtures.ts';
import { openDownloads, TODAY, world } from './harness/app.ts';
import {
  FILTER_KIND,
  INTERACTION_STEPS,
  SNAPSHOT,
  waitSettled,
  type StepContext,
} from './harness/interaction-steps.ts';
import { inHarness, openHarness } from './harness/serve.ts';

/**
 * The e2e twin of bench/interaction.ts (issue 35): the same steps from the same table, on a smaller profile
 * written through the store harness (40 days of one demo truck, a week of a few generated trucks per
 * carrier), each step's end state asserted, not its time. A step that breaks fails here, not only a figure.
 */
const FLEET_DAYS = 7;
const FROM = addDays(TODAY, -FLEET_DAYS);
const TO = addDays(TODAY, -1);
const REVIEW_DAYS = 40;

const keyOf = async (page: Page) => (await page.getByTestId('review-page').getAttribute('data-key')) ?? '';
/** A review key's [from, to] days (use-review-data.ts: `zone vehicle:from:to:params:carrier:roads`). */
const daysOf = (key: string) => key.split(':').slice(1, 3) as [string, string];
const daysBetween = ([from, to]: [string, string]) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
const boundsArea = (text: string | null) => {
  const [w, s, e, n] = (text ?? '').split(',').map(Number);
  return (e! - w!) * (n! - s!);
};

test('each interaction step the benchmark times reaches its end state', async ({ page, shell }) => {
  test.setTimeout(240_000);
  await openDownloads(page, shell);
  const carrierIds = await page
    .locator('[data-testid^=nav-fleet-]')
    .evaluateAll((els) => els.map((e) => (e.getAttribute('data-testid') ?? '').replace('nav-fleet-', '')));
  const sim = (id: string) => id.replace(/^demo-/, '');
  const sizes = carrierIds.map((id) => world.truth.vehicles(sim(id)).length);
  const fleetAt = sizes.indexOf(60);
  expect(fleetAt).toBeGreaterThanOrEqual(0);
  expect(fleetAt).toBeGreaterThan(0);
  const reviewCarrier = carrierIds[0]!;
  const vehicleId = world.truth.vehicles(sim(reviewCarrier))[0]!.vehicle_id;

  const harness = await page.context().newPage();
  await openHarness(harness, shell.origin);
  const records = world.truth.history(sim(reviewCarrier), vehicleId, addDays(TODAY, -REVIEW_DAYS), TODAY);
  await inHarness(harness, (h, a) => h.benchWrite(a.records, a.carrierId, a.vehicleId), {
    records,
    carrierId: reviewCarrier,
    vehicleId,
  });
  for (const [c, carrierId] of carrierIds.entries())
    if (carrierId !== reviewCarrier)
      await inHarness(harness, (h, a) => h.benchSeedFleet(a), {
        carrierId,
        carrier: c,
        first: 0,
        vehicles: c === fleetAt ? 4 : 2,
        from: FROM,
        days: FLEET_DAYS,
      });
  await harness.close();

  // The last truck shown: the review's own latest day of it.
  await page.getByTestId('nav-review').click();
  await expect(page.getByTestId('review-page')).toHaveAttribute('data-vehicle-id', vehicleId);
  await expect(page.getByTestId('review-day')).not.toHaveValue('');
  const ctx: StepContext = {
    url: shell.url,
    review: { carrierId: reviewCarrier, vehicleId, day: await page.getByTestId('review-day').inputValue() },
    inbox: { carrierId: carrierIds[fleetAt]!, from: FROM, to: TO },
    compare: { carrierIds },
    fleet: { carrierId: carrierIds[fleetAt]!, trucks: 60 },
    limits: [55, 60],
  };
  // A cold start: the app leaves the page before the first step opens it again.
  await page.goto('about:blank');

  const seen: Record<string, string> = {};
  /** Each step's end state, beyond its settled frame; keyed by the table's step names. */
  const endStates: Record<string, (before: { key: string; count: number; bounds: string }) => Promise<void>> = {
    'app start to the first Trip review drawn (the last truck shown)': async () => {
      await expect(page.getByTestId('review-vehicle')).toHaveValue(vehicleId);
      expect(daysOf(await keyOf(page))).toEqual([ctx.review.day, ctx.review.day]);
      expect(Number(await page.getByTestId('total-points').getAttribute('data-value'))).toBeGreaterThan(0);
    },
    'span day to week': async () => {
      expect(daysOf(await keyOf(page))).toEqual([addDays(ctx.review.day, -6), ctx.review.day]);
    },
    'span week to 30 days': async () => {
      expect(daysOf(await keyOf(page))).toEqual([addDays(ctx.review.day, -29), ctx.review.day]);
    },
    'span 30 days to six months': async () => {
      const days = daysOf(await keyOf(page));
      expect(days[1]).toBe(ctx.review.day);
      expect(daysBetween(days)).toBeGreaterThan(150);
      // Six months hold every stored day: more points than the 30 days before.
      expect(Number(await page.getByTestId('total-points').getAttribute('data-value'))).toBeGreaterThan(
        Number(seen['points30']),
      );
    },
    'span six months back to day': async () => {
      expect(daysOf(await keyOf(page))).toEqual([ctx.review.day, ctx.review.day]);
    },
    'the limit changed (typed, Enter)': async (before) => {
      const limit = Number(await page.getByTestId('review-threshold').inputValue());
      expect(ctx.limits).toContain(limit);
      // The selection was analysed again at the new limit (its key holds every parameter), same days.
      const key = await keyOf(page);
      expect(key).not.toBe(before.key);
      expect(daysOf(key)).toEqual(daysOf(before.key));
      expect(key.split(':')[3]!.split(',')).toContain(String(limit));
      // A lower limit than the default 70 mph: at least as many speeding events as the day had before.
      expect(Number(await page.getByTestId('total-speeding').getAttribute('data-value'))).toBeGreaterThanOrEqual(
        Number(seen['speeding']),
      );
    },
    'an event clicked (map and charts zoomed to it)': async (before) => {
      const row = page.getByTestId('event-row').first();
      const start = await row.getAttribute('data-start-ms');
      await expect(page.getByTestId('chart-event-highlight')).toHaveAttribute('data-start-ms', start!);
      await expect(page.getByTestId('now-panel')).toHaveAttribute('data-playback-time', start!);
      await expect(page.getByTestId('zoom-window')).toHaveAttribute('data-zoomed', 'true');
      // The camera closed in on the event: a smaller view than the whole day's.
      const bounds = await page.locator('[data-testid=review-map] .rl-map-canvas').getAttribute('data-bounds');
      expect(boundsArea(bounds)).toBeLessThan(boundsArea(before.bounds));
    },
    "the per-day table's day opened": async (before) => {
      seen['week'] = before.key;
      const [day] = daysOf(await keyOf(page));
      expect(daysOf(await keyOf(page))).toEqual([day, day]);
      expect(day! >= daysOf(before.key)[0] && day! <= daysOf(before.key)[1]).toBe(true);
      await expect(page.getByTestId('review-back')).toBeVisible();
    },
    "the per-day table's Back": async () => {
      // Back restores the span the day was opened from, exactly.
      expect(await keyOf(page)).toBe(seen['week']);
      await expect(page.getByTestId('review-span-week')).toHaveAttribute('aria-checked', 'true');
    },
    'playback started': async () => {
      const panel = page.getByTestId('now-panel');
      const t0 = Number(await panel.getAttribute('data-playback-time'));
      await expect.poll(async () => Number(await panel.getAttribute('data-playback-time'))).toBeGreaterThan(t0);
      await page.getByTestId('pb-play').click();
      await expect(page.getByTestId('playback-bar')).toHaveAttribute('data-playing', 'false');
    },
    'the Safety inbox opened (its carrier, 30 days)': async () => {
      const events = page.getByTestId('inbox-event');
      const vehicles = await events.evaluateAll((els) => els.map((e) => e.getAttribute('data-vehicle-id') ?? ''));
      // Only the chosen carrier's generated trucks (test/support/fleet-templates.ts ids c<carrier>-v<truck>).
      expect(vehicles.length).toBeGreaterThan(0);
      expect(vehicles.every((v) => v.startsWith(`c${fleetAt}-v`))).toBe(true);
      const days = await events.evaluateAll((els) => els.map((e) => e.getAttribute('data-day') ?? ''));
      expect(days.every((d) => d >= addDays(FROM, -1) && d <= TO)).toBe(true);
    },
    'an inbox filter changed (long stops ticked)': async (before) => {
      // Ticking a kind adds exactly that kind's events to the list.
      const added = Number(await page.getByTestId(`inbox-kind-${FILTER_KIND}`).getAttribute('data-count'));
      expect(added).toBeGreaterThan(0);
      expect(Number(await page.getByTestId('inbox-list').getAttribute('data-count'))).toBe(before.count + added);
    },
    'an inbox event opened in Trip review and drawn': async () => {
      const review = page.getByTestId('review-page');
      const opened = JSON.parse(seen['event']!) as { vehicle: string; day: string; start: string };
      await expect(review).toHaveAttribute('data-vehicle-id', opened.vehicle);
      expect(daysOf(await keyOf(page))).toEqual([opened.day, opened.day]);
      await expect(page.getByTestId('now-panel')).toHaveAttribute('data-playback-time', opened.start);
    },
    'Compare of three carriers drawn': async () => {
      const shown = await page
        .getByTestId('compare-carrier')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-carrier-id') ?? ''));
      expect([...shown].sort()).toEqual([...carrierIds].sort());
      // Each carrier's days covered: the six-month truck covers all 30 days; the others the week of generated
      // UTC days written for them, which touch one more local day of the carrier's zone at most.
      const cells = page.locator('[data-testid=compare-row][data-metric=coverage-days] [data-testid=compare-cell]');
      const covered = await cells.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-value'))));
      shown.forEach((id, i) => {
        const days = Math.round(covered[i]! * 30);
        if (id === reviewCarrier) expect(days).toBe(30);
        else expect([FLEET_DAYS, FLEET_DAYS + 1]).toContain(days);
      });
      // And every carrier has its miles.
      const miles = page.locator('[data-testid=compare-row][data-metric=miles] [data-testid=compare-cell]');
      const values = await miles.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-value'))));
      expect(values.filter((v) => v > 0)).toHaveLength(3);
    },
    'the Fleet screen listed': async () => {
      await expect(page.getByTestId('vehicle-count')).toHaveAttribute('data-total', '60');
      await expect(page.getByTestId('vehicle-row')).toHaveCount(60);
    },
  };
  expect(INTERACTION_STEPS.map((s) => s.name).filter((n) => !endStates[n])).toEqual([]);

  for (const step of INTERACTION_STEPS) {
    await test.step(step.name, async () => {
      await step.prepare?.(page, ctx);
      if (step.clock !== 'start') await page.evaluate(SNAPSHOT);
      const before = {
        key: String(await page.evaluate(`document.querySelector('[data-testid=review-page]')?.dataset.key ?? ''`)),
        count: Number(await page.evaluate(`document.querySelector('[data-testid=inbox-list]')?.dataset.count ?? -1`)),
        bounds: String(
          await page.evaluate(
            `document.querySelector('[data-testid=review-map] .rl-map-canvas')?.dataset.bounds ?? ''`,
          ),
        ),
      };
      if (step.name === 'an inbox event opened in Trip review and drawn') {
        const row = page.getByTestId('inbox-event').first();
        seen['event'] = JSON.stringify({
          vehicle: await row.getAttribute('data-vehicle-id'),
          day: await row.getAttribute('data-day'),
          start: await row.getAttribute('data-start-ms'),
        });
      }
      await step.act(page, ctx);
      await waitSettled(page, step.settled(ctx));
      await endStates[step.name]!(before);
      if (step.name === 'span week to 30 days')
        seen['points30'] = (await page.getByTestId('total-points').getAttribute('data-value')) ?? '';
      if (step.name === 'span six months back to day')
        seen['speeding'] = (await page.getByTestId('total-speeding').getAttribute('data-value')) ?? '';
    });
  }
});
