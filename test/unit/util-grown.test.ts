import { describe, expect, it } from 'vitest';
import { grown } from '../../shared/util/grown.ts';

describe('grown (a typed column with more room)', () => {
  it('keeps the kind and the numbers, and at least doubles', () => {
    const xs = Int8Array.of(-3, 7, 127);
    const out = grown(xs, 4);
    expect(out).toBeInstanceOf(Int8Array);
    expect(out.length).toBe(6);
    expect(Array.from(out.subarray(0, 3))).toEqual([-3, 7, 127]);
    expect(Array.from(out.subarray(3))).toEqual([0, 0, 0]);
    // The original is a copy's source, not changed.
    expect(Array.from(xs)).toEqual([-3, 7, 127]);
  });

  it('gives room for all that is needed when that is more than double', () => {
    const out = grown(Float64Array.of(0.5, NaN), 11);
    expect(out).toBeInstanceOf(Float64Array);
    expect(out.length).toBe(11);
    expect(out[0]).toBe(0.5);
    expect(out[1]).toBeNaN();
    expect(grown(Uint32Array.of(4_000_000_000), 1)).toEqual(Uint32Array.of(4_000_000_000, 0));
  });
});
