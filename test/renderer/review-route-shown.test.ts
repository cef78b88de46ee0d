import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RouteShown } from '../../renderer/src/features/review/route-shown.ts';

/** Whether `p` has settled by now (after the pending microtasks). */
async function settled(p: Promise<void>): Promise<boolean> {
  let done = false;
  void p.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

describe('RouteShown (the raw read of a sketched selection waits for its route on the map)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('releases a wait when that selection is reported, not another one', async () => {
    const shown = new RouteShown();
    const a = shown.until('a', 1000);
    shown.report('b');
    expect(await settled(a)).toBe(false);
    shown.report('a');
    expect(await settled(a)).toBe(true);
  });

  it('answers at once for the selection already shown, and gives up after the longest wait', async () => {
    const shown = new RouteShown();
    shown.report('a');
    expect(await settled(shown.until('a', 1000))).toBe(true);
    const b = shown.until('b', 1000);
    vi.advanceTimersByTime(999);
    expect(await settled(b)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await settled(b)).toBe(true);
  });
});
