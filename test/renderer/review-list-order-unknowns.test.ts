import { describe, expect, it } from 'vitest';
import type { Trip } from '../../shared/analysis/types.ts';
import { orderTrips } from '../../renderer/src/features/review/list-order.ts';

/** A trip with no known speed (maxSpeedMph NaN) sorts as a trip without a peak, never scrambling the order. */
describe('trips whose max speed is unknown', () => {
  const trip = (id: string, startMs: number, maxSpeedMph: number) =>
    ({ id, startMs, endMs: startMs + 1, maxSpeedMph, startPlace: '', endPlace: '' }) as Trip;
  const trips = [trip('a', 1, 50), trip('b', 2, NaN), trip('c', 3, 80), trip('d', 4, NaN), trip('e', 5, 65)];

  it('sorts last by peak, in either direction', () => {
    const ids = (direction: 'ascending' | 'descending') =>
      orderTrips(trips, [], { key: 'peak', direction }, '').map((t) => t.id);
    expect(ids('descending')).toEqual(['c', 'e', 'a', 'b', 'd']);
    expect(ids('ascending')).toEqual(['a', 'e', 'c', 'b', 'd']);
  });

  it('ranks as not fast in "worst first" (no events here: by peak, then time)', () => {
    expect(orderTrips(trips, [], { key: 'worst', direction: 'ascending' }, '').map((t) => t.id)).toEqual([
      'c',
      'e',
      'a',
      'b',
      'd',
    ]);
  });
});
