import { MOTION_BY_CODE, motionCode } from '../domain/status.ts';
import { dayOfMs, type UtcDay } from '../util/day.ts';
import type { Breadcrumb, DayChunk } from './types.ts';

/**
 * Builds the chunk of `day` from breadcrumbs in any order, possibly with
 * duplicates and with points of other days: keeps only the day's points, one
 * per id, sorted by time (then id, so the result is deterministic).
 */
export function buildDayChunk(vehicleId: string, day: UtcDay, points: Iterable<Breadcrumb>): DayChunk {
  const byId = new Map<string, Breadcrumb>();
  for (const p of points) {
    if (dayOfMs(p.t) !== day) continue;
    if (!byId.has(p.id)) byId.set(p.id, p);
  }
  const sorted = [...byId.values()].sort((a, b) => a.t - b.t || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const n = sorted.length;
  const chunk: DayChunk = {
    vehicleId,
    day,
    vehicleNumber: sorted[0]?.vehicleNumber ?? '',
    vin: sorted[0]?.vin ?? '',
    length: n,
    t: new Float64Array(n),
    lat: new Float64Array(n),
    lng: new Float64Array(n),
    speed: new Float64Array(n),
    direction: new Float64Array(n),
    status: new Uint8Array(n),
    id: new Array<string>(n),
    location: new Array<string>(n),
  };
  sorted.forEach((p, i) => {
    chunk.t[i] = p.t;
    chunk.lat[i] = p.lat;
    chunk.lng[i] = p.lng;
    chunk.speed[i] = p.speed;
    chunk.direction[i] = p.direction;
    chunk.status[i] = motionCode(p.status);
    chunk.id[i] = p.id;
    chunk.location[i] = p.location;
  });
  return chunk;
}

/** The i-th point of a chunk as a Breadcrumb (for exports and tests). */
export function pointAt(chunk: DayChunk, i: number): Breadcrumb {
  return {
    id: chunk.id[i] ?? '',
    t: chunk.t[i] ?? 0,
    lat: chunk.lat[i] ?? 0,
    lng: chunk.lng[i] ?? 0,
    speed: chunk.speed[i] ?? 0,
    status: MOTION_BY_CODE[chunk.status[i] ?? 0] ?? 'IN_MOTION',
    direction: chunk.direction[i] ?? 0,
    location: chunk.location[i] ?? '',
    vehicleNumber: chunk.vehicleNumber,
    vin: chunk.vin,
  };
}

export function* chunkPoints(chunk: DayChunk): Generator<Breadcrumb> {
  for (let i = 0; i < chunk.length; i++) yield pointAt(chunk, i);
}
