/**
 * Plausible ranges of the Fleet screen's figures. The API's latest status is
 * validated for shape (spec 2.6), not sense: a speed of 1e308 mph, a 309-digit
 * odometer or a reading dated 9999-12-31 reads as a number. Outside these
 * ranges a figure is shown as "invalid" and counted, never as a number.
 */
export const PLAUSIBLE = Object.freeze({
  speedMph: [0, 200] as const,
  /** A million-mile truck is real; ten million is not. */
  odometerMiles: [0, 10_000_000] as const,
  fuelPercent: [0, 100] as const,
  lat: [-90, 90] as const,
  lng: [-180, 180] as const,
  /** Readings before this are not of a vehicle on the road with this API. */
  earliestReadingMs: Date.UTC(2000, 0, 1),
  /** A reading may be ahead of this computer's clock by at most this (clock skew). */
  futureSlackMs: 24 * 60 * 60 * 1000,
});

export type FleetFigure = 'speed' | 'odometer' | 'fuel' | 'position' | 'time';

const within = (n: number | null, [lo, hi]: readonly [number, number]) => n === null || (n >= lo && n <= hi);

/** The figures of one latest status that are outside their plausible range (null: not reported, not invalid). */
export function implausibleFigures(
  s: {
    speedMph: number;
    odometerMiles: number | null;
    fuelLevel: number | null;
    lat: number;
    lng: number;
    readingAt: number;
  },
  nowMs: number,
): FleetFigure[] {
  const out: FleetFigure[] = [];
  if (!within(s.speedMph, PLAUSIBLE.speedMph) || Number.isNaN(s.speedMph)) out.push('speed');
  if (!within(s.odometerMiles, PLAUSIBLE.odometerMiles)) out.push('odometer');
  if (!within(s.fuelLevel, PLAUSIBLE.fuelPercent)) out.push('fuel');
  if (!within(s.lat, PLAUSIBLE.lat) || !within(s.lng, PLAUSIBLE.lng) || Number.isNaN(s.lat + s.lng))
    out.push('position');
  if (!(s.readingAt >= PLAUSIBLE.earliestReadingMs && s.readingAt <= nowMs + PLAUSIBLE.futureSlackMs)) out.push('time');
  return out;
}
