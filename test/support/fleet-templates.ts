/**
 * A large generated fleet for benchmarks (bench/compare-carriers.ts, bench/inbox.ts): `count` distinct
 * random 30-ish-day tracks (tracks.ts random plans) cut into UTC-day chunks, each vehicle of each carrier
 * reusing template (v + 7c) % count under its own id and unit number (generating every truck would
 * dominate the run). Ids and places are shared strings: nothing timed reads them per point, and they keep
 * memory and stored bytes flat.
 */
import type { DayChunk } from '../../shared/track/types.ts';
import { addDays, dayStartMs, type UtcDay } from '../../shared/util/day.ts';
import { generateRandomTrack, toDayChunks } from './tracks.ts';

export const FLEET_TEMPLATES = 30;

/** The templates' day chunks for the UTC days `from`..`from + days - 1` (each track starts at another hour of `from`). */
export function fleetTemplates(from: UtcDay, days: number, count = FLEET_TEMPLATES): DayChunk[][] {
  const to = addDays(from, days - 1);
  return Array.from({ length: count }, (_, k) => {
    const track = generateRandomTrack(k + 1, days, { startMs: dayStartMs(from) + (k % 24) * 3_600_000 });
    return toDayChunks('template', track)
      .filter((chunk) => chunk.day <= to)
      .map((chunk) => {
        chunk.id = new Array<string>(chunk.length).fill('id');
        chunk.location = new Array<string>(chunk.length).fill('Somewhere, ST');
        return chunk;
      });
  });
}

/** Which template vehicle `v` of carrier `c` drives. */
export const templateOf = (c: number, v: number, count = FLEET_TEMPLATES): number => (v + 7 * c) % count;

/** Vehicle `v` of carrier `c`: its id and unit number, as the benchmarks name them. */
export const fleetVehicle = (c: number, v: number) => ({ vehicleId: `c${c}-v${v}`, number: String(100 + v) });

/** Vehicle `v` of carrier `c`'s days: the template's chunks under its id and number (columns shared, not copied). */
export function fleetVehicleDays(templates: readonly DayChunk[][], c: number, v: number): DayChunk[] {
  const { vehicleId, number } = fleetVehicle(c, v);
  return templates[templateOf(c, v, templates.length)]!.map((chunk) => ({
    ...chunk,
    vehicleId,
    vehicleNumber: number,
  }));
}
