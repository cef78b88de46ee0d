import { MOTION_BY_CODE, motionCode } from '../domain/status.ts';
import { DAY_MS, dayStartMs, isUtcDay, type UtcDay } from '../util/day.ts';
import type { Breadcrumb, DayChunk } from './types.ts';
import { allocColumns } from './columns.ts';

const byTimeThenId = (a: Breadcrumb, b: Breadcrumb): number => a.t - b.t || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Builds the chunk of `day` from breadcrumbs in any order, possibly with
 * duplicates and with points of other days: keeps only the day's points, one
 * per id, sorted by time (then id, so the result is deterministic).
 */
export function buildDayChunk(vehicleId: string, day: UtcDay, points: Iterable<Breadcrumb>): DayChunk {
  // Bounds instead of dayOfMs per point: same test, no string per point (NaN for a non-day keeps nothing, as before).
  const start = isUtcDay(day) ? dayStartMs(day) : NaN;
  const end = start + DAY_MS;
  // First occurrence of each id wins; servers send points in time order, so a sort is usually not needed.
  const seen = new Set<string>();
  const sorted: Breadcrumb[] = [];
  let ordered = true;
  for (const p of points) {
    if (!(p.t >= start && p.t < end)) continue;
    // One hash lookup per point: add, and skip the point if the set did not grow.
    const distinct = seen.size;
    seen.add(p.id);
    if (seen.size === distinct) continue;
    const prev = sorted[sorted.length - 1];
    if (prev !== undefined && byTimeThenId(prev, p) > 0) ordered = false;
    sorted.push(p);
  }
  if (!ordered) sorted.sort(byTimeThenId);
  const n = sorted.length;
  const chunk: DayChunk = {
    vehicleId,
    day,
    vehicleNumber: sorted[0]?.vehicleNumber ?? '',
    vin: sorted[0]?.vin ?? '',
    ...allocColumns(n),
    id: new Array<string>(n),
    location: new Array<string>(n),
  };
  for (let i = 0; i < n; i++) {
    const p = sorted[i] as Breadcrumb;
    chunk.t[i] = p.t;
    chunk.lat[i] = p.lat;
    chunk.lng[i] = p.lng;
    chunk.speed[i] = p.speed;
    chunk.direction[i] = p.direction;
    chunk.status[i] = motionCode(p.status);
    chunk.id[i] = p.id;
    chunk.location[i] = p.location;
  }
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

/** Readings a <= i < b of `chunk` as a chunk of their own, every column copied (nothing shares its buffers). */
export function copyChunkRange(chunk: DayChunk, a: number, b: number): DayChunk {
  return {
    ...chunk,
    length: b - a,
    t: chunk.t.slice(a, b),
    lat: chunk.lat.slice(a, b),
    lng: chunk.lng.slice(a, b),
    speed: chunk.speed.slice(a, b),
    direction: chunk.direction.slice(a, b),
    status: chunk.status.slice(a, b),
    id: chunk.id.slice(a, b),
    location: chunk.location.slice(a, b),
  };
}
