import { describe, expect, it } from 'vitest';
import { destinationPoint, haversineMiles } from '../../shared/track/geo.ts';

/**
 * Geodesy checked against published figures, not against itself: every expected
 * number below is a literal from a reference (with the unit conversion written
 * out), so a wrong radius or unit in geo.ts cannot also move the expectation.
 */
const KM_PER_MILE = 1.609344; // international mile, exact

describe('great-circle distance against published figures', () => {
  it('Nashville (BNA) to Los Angeles (LAX): 2887.26 km on a 6372.8 km sphere (Rosetta Code "Haversine formula")', () => {
    const publishedKm = 2887.2599506071106;
    // The same arc on the IUGG mean sphere (6371.0088 km) is shorter in proportion to the radius.
    const expectedMiles = (publishedKm * (6371.0088 / 6372.8)) / KM_PER_MILE;
    expect(haversineMiles(36.12, -86.67, 33.94, -118.4)).toBeCloseTo(expectedMiles, 3);
    expect(expectedMiles).toBeCloseTo(1793.55, 1);
  });

  it('pole to equator is the meridian quadrant, 10,001.966 km (WGS84) within the sphere’s 0.1 %', () => {
    const quadrantMiles = 10_001.966 / KM_PER_MILE;
    const got = haversineMiles(90, 0, 0, 0);
    expect(Math.abs(got - quadrantMiles) / quadrantMiles).toBeLessThan(0.001);
    expect(haversineMiles(0, 0, 0, 180)).toBeCloseTo(2 * got, 6);
  });

  it('one degree of latitude is about 69 miles (111.2 km), anywhere on a meridian', () => {
    for (const lat of [-60, 0, 30, 45])
      expect(haversineMiles(lat, -97, lat + 1, -97)).toBeCloseTo(111.195 / KM_PER_MILE, 2);
  });
});

describe('destination point against a published worked example', () => {
  it('53°19′14″N 1°43′47″W, bearing 96°01′18″, 124.8 km → 53°11′18″N 0°08′00″E (Movable Type Scripts, R = 6371 km)', () => {
    const dms = (d: number, m: number, s: number) => d + m / 60 + s / 3600;
    const to = destinationPoint(dms(53, 19, 14), -dms(1, 43, 47), dms(96, 1, 18), 124.8 / KM_PER_MILE);
    // The example is rounded to the arc-second (about 30 m): half an arc-second of slack either way.
    expect(Math.abs(to.lat - dms(53, 11, 18))).toBeLessThan(0.5 / 3600);
    expect(Math.abs(to.lng - dms(0, 8, 0))).toBeLessThan(0.5 / 3600);
  });
});
