/**
 * The steps a person takes through the app, in the order issue 35 names them: one table read by
 * bench/interaction.ts (which times each step from its input event to the frame where `settled` first
 * holds, with the page's own clock) and by test/e2e/interaction-steps.spec.ts (which asserts each step's end
 * state). Each step's `act` does what a person does (click, type, a link followed); `settled` is a page-side
 * expression (source text: this file is typed for Node, not the DOM) that is true once the frame the person
 * waits for is there. It may read `window.__before` (the page's state just before `act`, see SNAPSHOT) and
 * `window.__expect` (what `act` is about to open, written by `act` before its input).
 */
import type { Page } from 'playwright-core';

/** Issue 35's quiet-machine targets, one row each; a step names the one that applies to it. */
export const TARGETS = {
  'no-new-data': { ms: 100, what: 'a click that needs no new data shows its effect' },
  'day-or-week': { ms: 300, what: 'a day or week drawn' },
  'long-span': { ms: 1000, what: "six months' (or 30 days') map and charts" },
  'first-review': { ms: 1500, what: 'the first Trip review after start' },
  'inbox-event': { ms: 1000, what: 'an inbox event to its drawn route' },
  'inbox-open': { ms: 1500, what: "the inbox's kept open (bench/inbox.ts's target)" },
  compare: { ms: 1500, what: 'Compare of three carriers' },
  list: { ms: 1000, what: 'a screen of kept lists filled' },
} as const;
export type TargetKind = keyof typeof TARGETS;
/** Under a steady load that keeps one core busy, each step within this many times its quiet figure. */
export const LOADED_RATIO_TARGET = 2;

/**
 * Where the step's clock starts: `start`, navigation start (performance.now() 0, the app's start);
 * `input`, the first input event (pointer, key, change) after the step is armed; `mark`, the
 * performance.now() that `act` writes to `window.__inputAt` just before it follows a link.
 */
export type StepClock = 'start' | 'input' | 'mark';

/** What the steps need to know of the profile they walk. */
export interface StepContext {
  /** The shell's address as it printed it (its token in the fragment). */
  url: string;
  /** The truck with six months stored (the first carrier's only stored truck), its carrier and latest local day. */
  review: { carrierId: string; vehicleId: string; day: string };
  /** The carrier whose trucks fill the inbox, the inbox's days, and how many trucks it holds. */
  inbox: { carrierId: string; from: string; to: string };
  /** The three carriers Compare draws, over its "Last 30 days". */
  compare: { carrierIds: string[] };
  /** The carrier of the Fleet screen and how many trucks its roster has. */
  fleet: { carrierId: string; trucks: number };
  /** The speeding threshold the limit step sets (mph); another if it is already the one in force. */
  limits: [number, number];
}

export interface InteractionStep {
  name: string;
  target: TargetKind;
  clock: StepClock;
  /** Untimed: what a person did before this step (e.g. opened the events tab); may be absent. */
  prepare?: (page: Page, ctx: StepContext) => Promise<void>;
  act: (page: Page, ctx: StepContext) => Promise<void>;
  /** Page-side expression: true once the frame the person waits for is there. */
  settled: (ctx: StepContext) => string;
}

/**
 * What `window.__before` holds before each step's act: the review's key and playback time, the inbox list's
 * count, the map camera's bounds.
 */
export const SNAPSHOT = `(() => {
  const q = (s) => document.querySelector(s);
  window.__before = {
    key: q('[data-testid=review-page]')?.dataset.key ?? null,
    playback: q('[data-testid=now-panel]')?.dataset.playbackTime ?? null,
    inboxCount: q('[data-testid=inbox-list]')?.dataset.count ?? null,
    bounds: q('[data-testid=review-map] .rl-map-canvas')?.dataset.bounds ?? null,
  };
  window.__expect = undefined;
})()`;

/**
 * The review shows a selection loaded, its route drawn and its map (stops too) and charts drawn for that
 * same key (ReviewPage's data-key / data-route-key / data-rendered-key), and `extra` holds of it: `el` is
 * the page element, `from`/`to` its days.
 */
const reviewDrawn = (extra: string): string => `(() => {
  const el = document.querySelector('[data-testid=review-page]');
  if (!el || el.dataset.state !== 'ready' || !el.dataset.key) return false;
  if (el.dataset.routeKey !== el.dataset.key || el.dataset.renderedKey !== el.dataset.key) return false;
  if (document.querySelector('[data-testid=review-map]')?.dataset.mapReady !== 'true') return false;
  const [, from, to] = el.dataset.key.split(':');
  return Boolean(${extra});
})()`;

/** A new selection (not the one before the step) of span `span` drawn. */
const spanDrawn = (span: string) =>
  reviewDrawn(
    `el.dataset.key !== window.__before.key && document.querySelector('[data-testid=review-span-${span}]')?.getAttribute('aria-checked') === 'true'`,
  );

const spanStep = (name: string, span: string, target: TargetKind): InteractionStep => ({
  name,
  target,
  clock: 'input',
  act: async (page) => page.getByTestId(`review-span-${span}`).click(),
  settled: () => spanDrawn(span),
});

/** Follows an in-app link (the address's fragment), marking the page's clock just before. */
async function follow(page: Page, hash: string): Promise<void> {
  await page.evaluate(`window.__inputAt = performance.now(); location.hash = ${JSON.stringify(hash)};`);
}

export const inboxHash = (ctx: StepContext) =>
  `#inbox?${new URLSearchParams({ carrier: ctx.inbox.carrierId, from: ctx.inbox.from, to: ctx.inbox.to })}`;
export const compareHash = (ctx: StepContext) =>
  `#compare?${[...ctx.compare.carrierIds.map((id) => `carrier=${encodeURIComponent(id)}`), 'range=30d'].join('&')}`;

/** The inbox filled: ready, its list counted and the count on the events tab, an event row shown. */
const inboxFilled = (extra: string) => `(() => {
  const q = (s) => document.querySelector(s);
  const p = q('[data-testid=inbox-page]');
  const l = q('[data-testid=inbox-list]');
  if (!p || p.dataset.state !== 'ready' || !l || !q('[data-testid=inbox-event]')) return false;
  const count = Number(l.dataset.count);
  if (!(count > 0) || !q('[data-testid=inbox-tab-events]')?.textContent.includes(count.toLocaleString('en-US'))) return false;
  return Boolean(${extra});
})()`;

/** Long stops are off by default (shared/analysis/event-kinds.ts): ticking them adds their events. */
export const FILTER_KIND = 'long-stop';

export const INTERACTION_STEPS: readonly InteractionStep[] = [
  {
    name: 'app start to the first Trip review drawn (the last truck shown)',
    target: 'first-review',
    clock: 'start',
    // The shell's address carries its token, and the app reopens on its first screen (the review's place is
    // not kept across a start): the person starts it and clicks Trip review, which opens the first carrier's
    // first stored truck, the profile's six-month one.
    act: async (page, ctx) => {
      await page.goto(ctx.url);
      await page.getByTestId('nav-review').click();
    },
    settled: (ctx) =>
      reviewDrawn(
        `el.dataset.vehicleId === ${JSON.stringify(ctx.review.vehicleId)} && to === ${JSON.stringify(ctx.review.day)}`,
      ),
  },
  spanStep('span day to week', 'week', 'day-or-week'),
  spanStep('span week to 30 days', 'month', 'long-span'),
  spanStep('span 30 days to six months', '6m', 'long-span'),
  spanStep('span six months back to day', 'day', 'day-or-week'),
  {
    name: 'the limit changed (typed, Enter)',
    target: 'day-or-week',
    clock: 'input',
    prepare: async (page, ctx) => {
      const box = page.getByTestId('review-threshold');
      const now = Number(await box.inputValue());
      await box.fill(String(now === ctx.limits[0] ? ctx.limits[1] : ctx.limits[0]));
    },
    act: async (page) => page.getByTestId('review-threshold').press('Enter'),
    settled: () => reviewDrawn(`el.dataset.key !== window.__before.key`),
  },
  {
    name: 'an event clicked (map and charts zoomed to it)',
    target: 'no-new-data',
    clock: 'input',
    prepare: async (page) => {
      await page.getByTestId('tab-events').click();
      await page.getByTestId('event-row').first().waitFor();
    },
    act: async (page) => {
      // The list's first event: what `window.__expect` names is what the charts and map must zoom to.
      const row = page.getByTestId('event-row').first();
      const [start, end] = await Promise.all([row.getAttribute('data-start-ms'), row.getAttribute('data-end-ms')]);
      await page.evaluate(`window.__expect = { start: ${Number(start)}, end: ${Number(end)} }`);
      await row.click();
    },
    settled: () => `(() => {
      const q = (s) => document.querySelector(s);
      const e = window.__expect;
      const h = q('[data-testid=chart-event-highlight]');
      const chart = q('[data-testid=chart-speed]');
      const canvas = q('[data-testid=review-map] .rl-map-canvas');
      return Boolean(e && h && Number(h.dataset.startMs) === e.start && Number(h.dataset.endMs) === e.end
        && q('[data-testid=zoom-window]')?.dataset.zoomed === 'true'
        && chart && Number(chart.dataset.from) <= e.start && Number(chart.dataset.to) >= e.end
        && canvas && canvas.dataset.bounds && canvas.dataset.bounds !== window.__before.bounds);
    })()`,
  },
  {
    name: "the per-day table's day opened",
    target: 'day-or-week',
    clock: 'input',
    prepare: async (page) => {
      // The per-day table is shown for a span of several days: a week, as a person would have chosen.
      const before = await page.getByTestId('review-page').getAttribute('data-key');
      await page.getByTestId('review-span-week').click();
      await waitSettled(page, reviewDrawn(`el.dataset.key !== ${JSON.stringify(before)}`));
      await page.getByTestId('day-open').first().waitFor();
    },
    act: async (page) => {
      const day = await page.getByTestId('day-row').first().getAttribute('data-day');
      await page.evaluate(`window.__expect = { day: ${JSON.stringify(day)} }`);
      await page.getByTestId('day-open').first().click();
    },
    settled: () =>
      reviewDrawn(
        `from === window.__expect.day && to === window.__expect.day && document.querySelector('[data-testid=review-back]')`,
      ),
  },
  {
    name: "the per-day table's Back",
    target: 'day-or-week',
    clock: 'input',
    act: async (page) => page.getByTestId('review-back').click(),
    settled: () => spanDrawn('week'),
  },
  {
    name: 'playback started',
    target: 'no-new-data',
    clock: 'input',
    act: async (page) => page.getByTestId('pb-play').click(),
    settled: () => `(() => {
      const q = (s) => document.querySelector(s);
      return q('[data-testid=playback-bar]')?.dataset.playing === 'true'
        && q('[data-testid=now-panel]')?.dataset.playbackTime !== window.__before.playback;
    })()`,
  },
  {
    name: 'the Safety inbox opened (its carrier, 30 days)',
    target: 'inbox-open',
    clock: 'mark',
    act: async (page, ctx) => follow(page, inboxHash(ctx)),
    settled: (ctx) =>
      inboxFilled(
        `p.dataset.key && p.dataset.key.endsWith(${JSON.stringify(`|${ctx.inbox.from}|${ctx.inbox.to}`)}) && window.__before.inboxCount === null`,
      ),
  },
  {
    name: 'an inbox filter changed (long stops ticked)',
    target: 'no-new-data',
    clock: 'input',
    act: async (page) => page.getByTestId(`inbox-kind-${FILTER_KIND}`).click(),
    settled: () => inboxFilled(`l.dataset.count !== window.__before.inboxCount`),
  },
  {
    name: 'an inbox event opened in Trip review and drawn',
    target: 'inbox-event',
    clock: 'input',
    act: async (page) => {
      const row = page.getByTestId('inbox-event').first();
      const [vehicle, day] = await Promise.all([row.getAttribute('data-vehicle-id'), row.getAttribute('data-day')]);
      await page.evaluate(`window.__expect = ${JSON.stringify({ vehicle, day })}`);
      await row.click();
    },
    settled: () =>
      reviewDrawn(
        `el.dataset.vehicleId === window.__expect.vehicle && from === window.__expect.day && to === window.__expect.day`,
      ),
  },
  {
    name: 'Compare of three carriers drawn',
    target: 'compare',
    clock: 'mark',
    act: async (page, ctx) => follow(page, compareHash(ctx)),
    settled: (ctx) => `(() => {
      const p = document.querySelector('[data-testid=compare-page]');
      const ids = [...document.querySelectorAll('[data-testid=compare-carrier]')].map((c) => c.dataset.carrierId).sort().join(',');
      return Boolean(p && p.dataset.state === 'ready' && p.dataset.trips === 'true' && ids === ${JSON.stringify([...ctx.compare.carrierIds].sort().join(','))});
    })()`,
  },
  {
    name: 'the Fleet screen listed',
    target: 'list',
    clock: 'input',
    act: async (page, ctx) => page.getByTestId(`nav-fleet-${ctx.fleet.carrierId}`).click(),
    settled: (ctx) => `(() => {
      const p = document.querySelector('[data-testid=fleet-page]');
      return Boolean(p && p.dataset.carrierId === ${JSON.stringify(ctx.fleet.carrierId)}
        && document.querySelectorAll('[data-testid=vehicle-row]').length === ${ctx.fleet.trucks});
    })()`,
  },
];

/** Waits (polling from Node) until a page-side expression holds; for untimed preparation and the e2e. */
export async function waitSettled(page: Page, expr: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (await page.evaluate(expr)) return;
    if (Date.now() > until) {
      // Where the app was: its screen, address and the review's state attributes, to say what did not come.
      const where = await page.evaluate(
        `JSON.stringify({ hash: location.hash, page: document.querySelector('[data-testid=app-root]')?.dataset.page, review: { ...document.querySelector('[data-testid=review-page]')?.dataset }, map: document.querySelector('[data-testid=review-map]')?.dataset.mapReady })`,
      );
      throw new Error(`not settled in ${timeoutMs} ms: ${expr.slice(0, 300)}; app: ${String(where)}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}
