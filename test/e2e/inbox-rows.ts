import type { Locator } from '@playwright/test';

/** The page's frame clock (the e2e typings leave out the DOM's globals). */
type Raf = { requestAnimationFrame(cb: (time: number) => void): number };

/**
 * Every row of the inbox's virtual list, scrolled through from top to bottom, as `kind@startMs`; with
 * `detail`, also the truck, the excess over the limit and the duration.
 */
export async function inboxRows(list: Locator, detail = false): Promise<string[]> {
  const seen = new Set<string>();
  await list.evaluate((el) => {
    el.scrollTop = 0;
    return new Promise((r) =>
      (globalThis as unknown as Raf).requestAnimationFrame(() =>
        (globalThis as unknown as Raf).requestAnimationFrame(r),
      ),
    );
  });
  for (let i = 0; i < 200; i++) {
    const rows = await list.getByTestId('inbox-event').evaluateAll(
      (els, more) =>
        els.map((e) => {
          const id = `${e.getAttribute('data-kind')}@${e.getAttribute('data-start-ms')}`;
          if (!more) return id;
          return `${id} ${e.getAttribute('data-vehicle-id')} +${e.getAttribute('data-over')} ${e.getAttribute('data-duration')}s`;
        }),
      detail,
    );
    rows.forEach((r) => seen.add(r));
    const done = await list.evaluate((el) => {
      const end = el.scrollTop + el.clientHeight >= el.scrollHeight - 1;
      el.scrollTop += el.clientHeight;
      return end;
    });
    if (done) break;
    // The scroll event re-renders the rows for the new position before the next frame is painted.
    await list.evaluate(
      () =>
        new Promise((r) =>
          (globalThis as unknown as Raf).requestAnimationFrame(() =>
            (globalThis as unknown as Raf).requestAnimationFrame(r),
          ),
        ),
    );
  }
  return [...seen].sort();
}
