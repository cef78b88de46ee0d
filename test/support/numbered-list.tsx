import { VirtualList } from '../../renderer/src/components/VirtualList.tsx';

/** The inbox's row height (renderer/src/features/inbox/InboxEventList.tsx). */
export const NUMBERED_ROW = 58;

/** The app's VirtualList over `count` rows reading "row i" (each a `data-testid="row"` span), as the list tests drive it. */
export function NumberedList({ count, testId }: { count: number; testId: string }) {
  const items = Array.from({ length: count }, (_, i) => i);
  return (
    <VirtualList
      items={items}
      rowHeight={NUMBERED_ROW}
      testId={testId}
      label="Rows"
      rowKey={(i) => String(i)}
      renderRow={(i) => <span data-testid="row">row {i}</span>}
    />
  );
}
