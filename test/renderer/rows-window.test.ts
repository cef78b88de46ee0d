/**
 * The virtual list's scroll mapping (renderer/src/components/rows-window.ts): one to one up to the
 * browser-safe height, proportional past it, so the first and the last of any number of rows can be
 * scrolled to and every row in between is reached in order.
 */
import { describe, expect, it } from 'vitest';
import { MAX_SCROLL_HEIGHT, rowsWindow } from '../../renderer/src/components/rows-window.ts';

const ROW = 58;
const VIEW = 600;

/** The rows a view at `scrollTop` shows, as [first, last) indexes. */
function shown(count: number, scrollTop: number): [number, number] {
  const { offset } = rowsWindow(count, ROW, scrollTop, VIEW);
  return [Math.floor(offset / ROW), Math.min(count, Math.ceil((offset + VIEW) / ROW))];
}

describe('rowsWindow', () => {
  it('is one to one while the rows fit', () => {
    const count = Math.floor(MAX_SCROLL_HEIGHT / ROW);
    expect(rowsWindow(count, ROW, 12_345, VIEW)).toEqual({ contentHeight: count * ROW, offset: 12_345 });
    expect(rowsWindow(0, ROW, 0, VIEW)).toEqual({ contentHeight: 0, offset: 0 });
  });

  it('keeps the content at the cap and still reaches the first and the last row', () => {
    for (const count of [Math.ceil(MAX_SCROLL_HEIGHT / ROW) + 1, 500_000, 10_000_000]) {
      expect(rowsWindow(count, ROW, 0, VIEW).contentHeight).toBe(MAX_SCROLL_HEIGHT);
      expect(shown(count, 0)[0]).toBe(0);
      // The furthest a browser scrolls: content height minus the view.
      const bottom = shown(count, MAX_SCROLL_HEIGHT - VIEW);
      expect(bottom[1]).toBe(count);
      // The last row ends exactly at the view's bottom edge.
      expect(rowsWindow(count, ROW, MAX_SCROLL_HEIGHT - VIEW, VIEW).offset).toBe(count * ROW - VIEW);
    }
  });

  it('maps the scroll range onto the rows in order, a pixel of scroll never skipping a whole view', () => {
    const count = 1_000_000;
    let last = -1;
    for (let top = 0; top <= MAX_SCROLL_HEIGHT - VIEW; top += 9973) {
      const { offset } = rowsWindow(count, ROW, top, VIEW);
      expect(offset).toBeGreaterThan(last);
      last = offset;
    }
    const step = rowsWindow(count, ROW, 1001, VIEW).offset - rowsWindow(count, ROW, 1000, VIEW).offset;
    expect(step).toBeLessThan(VIEW);
    // Halfway down the scroll range shows the rows halfway down the list.
    const [mid] = shown(count, (MAX_SCROLL_HEIGHT - VIEW) / 2);
    expect(Math.abs(mid - (count * ROW - VIEW) / 2 / ROW)).toBeLessThan(1);
  });

  it('clamps a scroll position outside the range (an overscroll bounce, a stale value)', () => {
    const count = 1_000_000;
    expect(rowsWindow(count, ROW, -50, VIEW).offset).toBe(0);
    expect(rowsWindow(count, ROW, MAX_SCROLL_HEIGHT * 2, VIEW).offset).toBe(count * ROW - VIEW);
  });
});
