/**
 * The tallest scrolling content the list makes. Chromium clamps an element's height to 33,554,428 px
 * (measured on this Chromium: a 34-million-px box lays out at that height), and rows past it could
 * never be scrolled to. Half of it leaves room; a longer list scrolls through this height, each scroll
 * pixel standing for more than one pixel of rows.
 */
export const MAX_SCROLL_HEIGHT = 16_000_000;

/**
 * Where the rows are for a scroll position: `offset` is how far into the rows the view's top is, and a
 * row at y (in rows' pixels) is placed at `y - offset + scrollTop` in the scrolling content. Up to
 * MAX_SCROLL_HEIGHT this is the identity; past it, the scroll range maps linearly onto the rows, so the
 * top shows the first row and the bottom the last.
 */
export function rowsWindow(
  count: number,
  rowHeight: number,
  scrollTop: number,
  viewHeight: number,
): { contentHeight: number; offset: number } {
  const rowsHeight = count * rowHeight;
  if (rowsHeight <= MAX_SCROLL_HEIGHT) return { contentHeight: rowsHeight, offset: scrollTop };
  const scrollRange = Math.max(1, MAX_SCROLL_HEIGHT - viewHeight);
  const rowsRange = Math.max(0, rowsHeight - viewHeight);
  const top = Math.min(Math.max(0, scrollTop), scrollRange);
  return { contentHeight: MAX_SCROLL_HEIGHT, offset: (top / scrollRange) * rowsRange };
}
