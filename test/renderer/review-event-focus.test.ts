import { describe, expect, it } from 'vitest';
import { EVENT_CONTEXT_MS, eventWindow, readingsBounds } from '../../renderer/src/features/review/event-focus.ts';

const MIN = 60_000;
const at = (h: number, m: number) => Date.UTC(2026, 10, 20, h, m);
const DAY: [number, number] = [at(8, 0), at(18, 0)];

describe('the window an opened event zooms to', () => {
  it('is the event with five minutes on each side', () => {
    expect(EVENT_CONTEXT_MS).toBe(5 * MIN);
    expect(eventWindow({ startMs: at(10, 0), endMs: at(10, 3) }, DAY)).toEqual([at(9, 55), at(10, 8)]);
  });

  it('stays inside the selection: an event at its start or end keeps only the context that exists', () => {
    expect(eventWindow({ startMs: at(8, 1), endMs: at(8, 2) }, DAY)).toEqual([at(8, 0), at(8, 7)]);
    expect(eventWindow({ startMs: at(17, 50), endMs: at(18, 0) }, DAY)).toEqual([at(17, 45), at(18, 0)]);
  });

  it('is never narrower than two minutes (what a chart can show), widened on the side with room', () => {
    expect(eventWindow({ startMs: at(18, 0), endMs: at(18, 0) }, DAY, 0)).toEqual([at(17, 58), at(18, 0)]);
    expect(eventWindow({ startMs: at(8, 0), endMs: at(8, 0) }, DAY, 0)).toEqual([at(8, 0), at(8, 2)]);
    expect(eventWindow({ startMs: at(12, 0), endMs: at(12, 0) }, DAY, 30_000)).toEqual([
      at(11, 59) + 30_000,
      at(12, 1) + 30_000,
    ]);
    // A selection shorter than that: all of it.
    expect(eventWindow({ startMs: at(8, 0), endMs: at(8, 0) }, [at(8, 0), at(8, 1)])).toEqual([at(8, 0), at(8, 1)]);
  });
});

describe('the bounds of the readings in a window', () => {
  // Five readings a minute apart on a zigzag whose corners are known.
  const track = {
    t: Float64Array.from([0, 1, 2, 3, 4], (k) => at(9, k)),
    lat: Float64Array.from([35.0, 35.2, 34.9, 35.5, 35.1]),
    lng: Float64Array.from([-101.0, -100.8, -101.3, -100.9, -100.5]),
  };

  it('takes the readings at both ends of the window and those between, no others', () => {
    expect(readingsBounds(track, at(9, 1), at(9, 3))).toEqual([-101.3, 34.9, -100.8, 35.5]);
    expect(readingsBounds(track, at(9, 0), at(9, 4))).toEqual([-101.3, 34.9, -100.5, 35.5]);
    expect(readingsBounds(track, at(9, 4), at(9, 4))).toEqual([-100.5, 35.1, -100.5, 35.1]);
  });

  it('is null for a window with no reading', () => {
    expect(readingsBounds(track, at(9, 4) + 1, at(10, 0))).toBeNull();
    expect(readingsBounds(track, at(9, 1) + 1, at(9, 2) - 1)).toBeNull();
  });
});
