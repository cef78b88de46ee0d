import { describe, expect, it } from 'vitest';
import { DUTY_STATUS_CODES } from '../../shared/api/wire.ts';
import { DUTY_STATUS_MEANING } from '../../shared/domain/status.ts';
import { nextRate, PLAYBACK_RATES, stepTime } from '../../shared/playback/step.ts';
import { chunkOf, flatIndex, flattenChunks } from '../../shared/playback/track.ts';
import { buildDayChunk } from '../../shared/track/day-chunk.ts';
import type { Breadcrumb } from '../../shared/track/types.ts';

describe('stepping through readings', () => {
  const t = Float64Array.from([1000, 2000, 3000]);

  it('with no readings stays where it is', () => {
    expect(stepTime(new Float64Array(0), 1234, 1)).toBe(1234);
    expect(stepTime(new Float64Array(0), 1234, -1)).toBe(1234);
  });

  it('before the first reading, both ways land on the first', () => {
    expect(stepTime(t, 500, -1)).toBe(1000);
    expect(stepTime(t, 500, 1)).toBe(1000);
    expect(stepTime(t, 1000, -1)).toBe(1000);
    expect(stepTime(t, 1500, -1)).toBe(1000);
    expect(stepTime(t, 3500, 1)).toBe(3000);
  });
});

describe('playback rates', () => {
  it('step to the neighbouring listed rate and clamp at both ends', () => {
    expect(nextRate(1, -1)).toBe(1);
    expect(nextRate(1, 1)).toBe(10);
    expect(nextRate(7200, 1)).toBe(7200);
    expect(nextRate(7200, -1)).toBe(3600);
    expect(nextRate(60, -1)).toBe(30);
  });

  it('from a rate not in the list, go to the nearest listed rate that way', () => {
    expect(nextRate(45, 1)).toBe(60);
    expect(nextRate(45, -1)).toBe(30);
    expect(nextRate(0.5, 1)).toBe(1);
    expect(nextRate(0.5, -1)).toBe(1);
    expect(nextRate(9000, -1)).toBe(7200);
    expect(nextRate(9000, 1)).toBe(7200);
    expect(PLAYBACK_RATES).toContain(nextRate(100, 1));
  });
});

function crumb(t: number, location: string): Breadcrumb {
  return {
    id: `id-${t}`,
    t,
    lat: 41,
    lng: -87,
    speed: 0,
    status: 'STATIONARY',
    direction: 0,
    location,
    vehicleNumber: '7',
    vin: 'V',
  };
}

describe('flattening day chunks', () => {
  const d1 = Date.UTC(2026, 2, 1, 12);
  const d2 = Date.UTC(2026, 2, 2, 12);
  const d3 = Date.UTC(2026, 2, 3, 12);
  const first = buildDayChunk('v', '2026-03-01', [crumb(d1, 'a0'), crumb(d1 + 1, 'a1')]);
  const second = buildDayChunk('v', '2026-03-02', [crumb(d2, 'b0')]);
  const third = buildDayChunk('v', '2026-03-03', [crumb(d3, 'c0'), crumb(d3 + 1, 'c1'), crumb(d3 + 2, 'c2')]);

  it('puts chunks given in any order into day order', () => {
    for (const given of [
      [third, first, second],
      [second, third, first],
      [first, second, third],
      [third, second, first],
    ]) {
      const flat = flattenChunks(given);
      expect([...flat.t]).toEqual([d1, d1 + 1, d2, d3, d3 + 1, d3 + 2]);
      expect([...flat.chunkStarts]).toEqual([0, 2, 3]);
      expect(Array.from({ length: 6 }, (_, i) => flat.location(i))).toEqual(['a0', 'a1', 'b0', 'c0', 'c1', 'c2']);
    }
  });

  it('keeps two chunks of the same day in the order given', () => {
    const again = buildDayChunk('w', '2026-03-01', [crumb(d1 + 5, 'z')]);
    expect(flattenChunks([first, again]).location(2)).toBe('z');
    expect(flattenChunks([again, first]).location(0)).toBe('z');
  });

  it('has no location outside its readings', () => {
    const flat = flattenChunks([first]);
    expect(flat.location(2)).toBe('');
    expect(flattenChunks([]).location(0)).toBe('');
  });

  it('maps flat indices to chunks and back', () => {
    const starts = Int32Array.from([0, 2, 3]);
    expect([0, 1, 2, 3, 4, 5].map((i) => chunkOf(starts, i))).toEqual([0, 0, 1, 2, 2, 2]);
    expect(chunkOf(starts, -1)).toBe(0);
    expect(flatIndex({ chunkStarts: starts }, { chunk: 2, point: 1 })).toBe(4);
    expect(flatIndex({ chunkStarts: starts }, { chunk: 1, point: 0 })).toBe(2);
  });
});

describe('duty status meanings', () => {
  it('name each ELD duty status in words', () => {
    const words: Record<string, RegExp> = {
      DS_D: /^driving$/i,
      DS_ON: /on duty.*not driving/i,
      DS_SB: /sleeper berth/i,
      DS_OFF: /off duty/i,
      DR_IND_PC: /personal conveyance/i,
      DR_IND_YM: /yard move/i,
    };
    for (const code of DUTY_STATUS_CODES) expect(DUTY_STATUS_MEANING[code]).toMatch(words[code]!);
  });
});
