import { useEffect, useRef, useState, type ReactNode } from 'react';
import { rowsWindow } from './rows-window.ts';

/**
 * A list that renders only the rows in view (plus a few either side): 50,000 inbox events scroll as
 * smoothly as 50. Rows have one fixed height, so the scroll position alone says which rows are shown,
 * with no measuring per row. A list taller than MAX_SCROLL_HEIGHT (about 275,000 rows of 58 px) scrolls
 * through it proportionally (rowsWindow), so every row of any count can be reached.
 */
export function VirtualList<T>({
  items,
  rowHeight,
  renderRow,
  rowKey,
  testId,
  label,
  overscan = 6,
}: {
  items: readonly T[];
  rowHeight: number;
  renderRow: (item: T, index: number) => ReactNode;
  rowKey: (item: T, index: number) => string;
  testId?: string;
  label: string;
  overscan?: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(600);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setHeight(el.clientHeight));
    observer.observe(el);
    setHeight(el.clientHeight);
    return () => observer.disconnect();
  }, []);

  // A new list starts at its top: the old position means nothing in it.
  useEffect(() => {
    if (ref.current) ref.current.scrollTop = 0;
    setScrollTop(0);
  }, [items]);

  const { contentHeight, offset } = rowsWindow(items.length, rowHeight, scrollTop, height);
  const first = Math.max(0, Math.floor(offset / rowHeight) - overscan);
  const last = Math.min(items.length, Math.ceil((offset + height) / rowHeight) + overscan);
  const rows: ReactNode[] = [];
  for (let i = first; i < last; i++)
    rows.push(
      <div
        key={rowKey(items[i]!, i)}
        role="listitem"
        className="virtual-row"
        style={{ position: 'absolute', top: i * rowHeight - offset + scrollTop, height: rowHeight, left: 0, right: 0 }}
      >
        {renderRow(items[i]!, i)}
      </div>,
    );
  return (
    <div
      ref={ref}
      className="virtual-list"
      data-testid={testId}
      data-count={items.length}
      data-first={first}
      role="list"
      aria-label={label}
      onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
    >
      <div style={{ position: 'relative', height: contentHeight }}>{rows}</div>
    </div>
  );
}
