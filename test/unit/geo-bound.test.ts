/**
 * surelyWithinMiles lets hot loops skip the trig: it may only say "within"
 * when haversineMiles agrees, over every kind of hop (short and long, any
 * heading, across the equator and the antimeridian, near the poles, invalid
 * latitudes), and it must say so for the ordinary hops it exists for. isJump,
 * which uses it, must give exactly haversineMiles' answer.
 */
import { describe, expect, it } from 'vitest';
import { haversineMiles, surelyWithinMiles } from '../../shared/track/geo.ts';
import { gapRule, isJump, JUMP_TOLERANCE_METERS } from '../../shared/track/gaps.ts';
import { rng } from '../support/tracks.ts';

type Hop = [number, number, number, number];

/** Pairs of points in many regimes; `rnd` in [0, 1). */
function hops(rnd: () => number, count: number): Hop[] {
  const out: Hop[] = [];
  const between = (lo: number, hi: number) => lo + (hi - lo) * rnd();
  for (let i = 0; i < count; i++) {
    const lat = between(-89.9, 89.9);
    const lng = between(-180, 180);
    const step = [0.0001, 0.01, 0.5, 5, 60][i % 5]!;
    const kind = i % 7;
    if (kind === 0) out.push([lat, lng, lat + between(-step, step), lng + between(-step, step)]);
    else if (kind === 1)
      out.push([lat, lng, lat, lng + between(-step, step)]); // east-west only
    else if (kind === 2)
      out.push([lat, lng, lat + between(-step, step), lng]); // north-south only
    else if (kind === 3)
      out.push([between(-1, 1), lng, between(-1, 1), lng + between(-step, step)]); // across the equator
    else if (kind === 4)
      out.push([lat, 179.9, lat + between(-step, step), -179.9]); // across the antimeridian
    else if (kind === 5)
      out.push([between(85, 90), lng, between(85, 90), lng + between(-180, 180)]); // near a pole
    else out.push([between(-120, 120), lng, between(-120, 120), lng + between(-step, step)]); // invalid latitudes too
  }
  return out;
}

describe('surelyWithinMiles', () => {
  it('never says "within" when the great-circle distance is longer', () => {
    const rnd = rng(20261127);
    let saidWithin = 0;
    for (const [a, b, c, d] of hops(rnd, 50_000)) {
      const miles = haversineMiles(a, b, c, d);
      // Just below the distance: "within" would be wrong.
      for (const k of [0.999999, 0.99, 0.9, 0.5]) {
        if (surelyWithinMiles(a, b, c, d, miles * k))
          throw new Error(`within ${miles * k} for ${[a, b, c, d]} (${miles})`);
      }
      if (surelyWithinMiles(a, b, c, d, miles * 1.5)) saidWithin++;
    }
    // And it is not a bound that never answers.
    expect(saidWithin).toBeGreaterThan(10_000);
  });

  it('settles the ordinary hops of a truck: up to a few miles, any heading, latitudes a truck drives at', () => {
    const rnd = rng(7);
    for (let i = 0; i < 20_000; i++) {
      const lat = -70 + 140 * rnd();
      const lng = -180 + 360 * rnd();
      const heading = 2 * Math.PI * rnd();
      const deg = 0.05 * rnd();
      const [c, d] = [lat + deg * Math.cos(heading), lng + deg * Math.sin(heading)];
      const miles = haversineMiles(lat, lng, c, d);
      // Up to 1/0.7 of the distance: what the jump rule asks of a hop at half the plausible speed and more.
      expect(surelyWithinMiles(lat, lng, c, d, miles / 0.7 + 1e-12)).toBe(true);
    }
  });

  it('answers false for a NaN coordinate or limit', () => {
    expect(surelyWithinMiles(Number.NaN, 0, 0, 0, 10)).toBe(false);
    expect(surelyWithinMiles(0, 0, 0, Number.NaN, 10)).toBe(false);
    expect(surelyWithinMiles(0, 0, 0, 0, Number.NaN)).toBe(false);
  });
});

describe('isJump', () => {
  it('is exactly "haversineMiles beyond the plausible reach", for hops on both sides of the limit', () => {
    const rnd = rng(99);
    const rule = gapRule({ maxPlausibleMph: 110 });
    const toleranceMiles = JUMP_TOLERANCE_METERS / 1609.344;
    let jumps = 0;
    for (const [a, b, c, d] of hops(rnd, 20_000)) {
      const miles = haversineMiles(a, b, c, d);
      // Times that put the reach at 0.5 to 2 times the distance, and a few negative or zero ones.
      for (const f of [0.5, 0.99, 1.01, 2]) {
        const dtMs = Math.max(-1000, (miles * f - toleranceMiles) / rule.maxMilesPerMs);
        const reach = rule.maxMilesPerMs * Math.max(0, dtMs) + toleranceMiles;
        const expected = miles > reach;
        if (isJump(rule, dtMs, a, b, c, d) !== expected)
          throw new Error(`isJump ${!expected} for ${[a, b, c, d]} over ${dtMs} ms (${miles} mi, reach ${reach})`);
        if (expected) jumps++;
      }
    }
    expect(jumps).toBeGreaterThan(10_000);
  });
});
