/** The renderer's estimate of the backend's clock: kept from what the backend answered, never from a non-time. */
import { describe, expect, it } from 'vitest';
import { observeServerTime, serverNow } from '../../renderer/src/hooks/server-clock.ts';

describe('serverNow', () => {
  it("follows the backend's clock by the difference observed, as the window's clock moves on", () => {
    const local = Date.parse('2026-12-01T00:40:00Z');
    const backend = Date.parse('2026-11-20T15:00:00Z');
    observeServerTime(backend, local);
    expect(serverNow(local)).toBe(backend);
    expect(serverNow(local + 60_000)).toBe(backend + 60_000);
  });

  it('ignores an answer that is not a time, keeping the last difference', () => {
    const local = Date.parse('2026-12-01T00:40:00Z');
    observeServerTime(local - 1000, local);
    for (const bad of [Number.NaN, Infinity, -Infinity, undefined as unknown as number, '5' as unknown as number])
      observeServerTime(bad, local);
    expect(serverNow(local)).toBe(local - 1000);
  });
});
