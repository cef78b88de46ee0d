import type { Locator, Page } from '@playwright/test';
import { expect } from '../fixtures.ts';
import { addDays } from '../../../shared/util/day.ts';
import { openReviewOf, TODAY } from './app.ts';

/** The two window sizes issue 31 names for Trip review: a laptop and a small laptop. */
export const REVIEW_SIZES = [
  { width: 1400, height: 900 },
  { width: 1280, height: 720 },
] as const;

/** Opens Trip review on a recent day the first downloaded truck drove (a demo truck rests some days); returns it. */
export async function openDrivenDay(page: Page): Promise<string> {
  let day = '';
  for (const back of [2, 3, 4, 5, 1]) {
    day = addDays(TODAY, -back);
    await openReviewOf(page, day);
    if ((await page.getByTestId('trip-row').count()) > 0) return day;
  }
  return day;
}

/**
 * What hides part of an element: an ancestor that clips its overflow (hidden, scroll, auto, clip) and does
 * not contain the element's whole box, or the viewport's edges. Empty: the element is wholly visible.
 */
export function clippers(target: Locator): Promise<string[]> {
  return target.evaluate((el) => {
    const win = el.ownerDocument.defaultView!;
    const box = el.getBoundingClientRect();
    const out: string[] = [];
    type Box = { left: number; right: number; top: number; bottom: number };
    const inside = (r: Box) =>
      box.left >= r.left - 0.5 && box.right <= r.right + 0.5 && box.top >= r.top - 0.5 && box.bottom <= r.bottom + 0.5;
    if (!inside({ left: 0, top: 0, right: win.innerWidth, bottom: win.innerHeight })) out.push('viewport');
    for (let a = el.parentElement; a; a = a.parentElement) {
      const s = win.getComputedStyle(a);
      const clips = [s.overflowX, s.overflowY].some((o) => o !== 'visible');
      if (clips && !inside(a.getBoundingClientRect())) out.push(`${a.tagName.toLowerCase()}.${a.className}`);
    }
    return out;
  });
}

/**
 * Whether the element at the centre of `target`, where it is now (not scrolled there: a scroll would move a
 * clipped menu into its clipping box), is the target or inside it: nothing covers it.
 */
export function uncoveredAtCentre(target: Locator): Promise<boolean> {
  return target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = el.ownerDocument.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
  });
}

/** The ancestors of `target` that scroll it inside the page (overflow auto/scroll with more content than room). */
export function innerScrollers(target: Locator): Promise<string[]> {
  return target.evaluate((el) => {
    const win = el.ownerDocument.defaultView!;
    const out: string[] = [];
    for (let a = el.parentElement; a; a = a.parentElement) {
      const s = win.getComputedStyle(a);
      // The page's own scroll (the app's main column) is the page growing, not a box inside it.
      if (a.id === 'main' || a === el.ownerDocument.scrollingElement) break;
      const scrolls = (o: string) => o === 'auto' || o === 'scroll';
      if (
        (scrolls(s.overflowY) && a.scrollHeight > a.clientHeight + 1) ||
        (scrolls(s.overflowX) && a.scrollWidth > a.clientWidth + 1)
      )
        out.push(`${a.tagName.toLowerCase()}.${a.className}`);
    }
    return out;
  });
}

/** Waits until the review page has the selection `day`/`span` loaded and drawn. */
export async function expectReviewOf(page: Page, keyPart: RegExp): Promise<void> {
  const review = page.getByTestId('review-page');
  await expect(review).toHaveAttribute('data-key', keyPart);
  await expect(review).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('review-map')).toHaveAttribute('data-map-ready', 'true');
}

type Raf = { requestAnimationFrame(cb: (time: number) => void): number };

/** Resolves after the page has painted twice more (a resized map's canvas redrawn), for a screenshot. */
export async function nextPaints(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise((r) =>
        (globalThis as unknown as Raf).requestAnimationFrame(() =>
          (globalThis as unknown as Raf).requestAnimationFrame(r),
        ),
      ),
  );
}
