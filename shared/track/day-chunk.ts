import { motionCode, motionStatusOf } from '../domain/status.ts';
import { DAY_MS, dayStartMs, isUtcDay, type UtcDay } from '../util/day.ts';
import type { Breadcrumb, DayChunk, ReadingIdentities } from './types.ts';
import { allocColumns } from './columns.ts';

const byTimeThenId = (a: Breadcrumb, b: Breadcrumb): number => a.t - b.t || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The vehicle as the roster lists it: fills a reading that carried no number or VIN. */
export interface VehicleIdentity {
  vehicleNumber: string;
  vin: string;
}

/** The value most of `values` carry ('' counts only when nothing else is there); ties go to the earliest. */
function mostCommon(values: readonly string[]): string {
  const counts = new Map<string, number>();
  let best = '';
  let bestCount = 0;
  for (const v of values) {
    if (v === '') continue;
    const c = (counts.get(v) ?? 0) + 1;
    counts.set(v, c);
    if (c > bestCount) [best, bestCount] = [v, c];
  }
  return best;
}

/**
 * Each reading's own number and VIN, a missing one filled from the roster (never from another
 * reading); the chunk's pair is the roster's, or else the day's most common. Per-reading arrays
 * only where some reading differs from that pair, the rare case.
 */
function identities(
  sorted: readonly Breadcrumb[],
  roster: VehicleIdentity | undefined,
): { vehicleNumber: string; vin: string; identityAt?: ReadingIdentities } {
  const numbers = sorted.map((p) => p.vehicleNumber || roster?.vehicleNumber || '');
  const vins = sorted.map((p) => p.vin || roster?.vin || '');
  const vehicleNumber = roster?.vehicleNumber || mostCommon(numbers);
  const vin = roster?.vin || mostCommon(vins);
  const differs = numbers.some((n) => n !== vehicleNumber) || vins.some((v) => v !== vin);
  return differs ? { vehicleNumber, vin, identityAt: { vehicleNumber: numbers, vin: vins } } : { vehicleNumber, vin };
}

/**
 * Builds the chunk of `day` from breadcrumbs in any order, possibly with
 * duplicates and with points of other days: keeps only the day's points, one
 * per id, sorted by time (then id, so the result is deterministic).
 */
export function buildDayChunk(
  vehicleId: string,
  day: UtcDay,
  points: Iterable<Breadcrumb>,
  roster?: VehicleIdentity,
): DayChunk {
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
    ...identities(sorted, roster),
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
    speed: chunk.speed[i] ?? NaN,
    status: motionStatusOf(chunk.status[i] ?? 0),
    direction: chunk.direction[i] ?? NaN,
    location: chunk.location[i] ?? '',
    vehicleNumber: chunk.identityAt?.vehicleNumber[i] ?? chunk.vehicleNumber,
    vin: chunk.identityAt?.vin[i] ?? chunk.vin,
  };
}

/** Readings a <= i < b of a chunk's per-reading identities (undefined stays undefined). */
export function identitiesRange(
  ids: ReadingIdentities | undefined,
  a: number,
  b: number,
): ReadingIdentities | undefined {
  return ids && { vehicleNumber: ids.vehicleNumber.slice(a, b), vin: ids.vin.slice(a, b) };
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
    ...withIdentities(identitiesRange(chunk.identityAt, a, b)),
  };
}

/** `{identityAt}` when there are per-reading identities, else nothing (the property stays absent). */
export function withIdentities(ids: ReadingIdentities | undefined): { identityAt?: ReadingIdentities } {
  return ids ? { identityAt: ids } : {};
}
