import type { DateRange } from './facts.ts';
import type { CompareParams } from './params.ts';

/**
 * A carrier's comparison kept in the compare worker, so coming back to Compare (or changing a carrier
 * beside it) reads only the carrier's coverage, roster and snapshots instead of every stored reading (in the
 * worker's memory, and in IndexedDB across starts: renderer/src/store/compare-cache.ts).
 * A kept result answers for one carrier, label and zone, range, parameters, `today`, road limits and one
 * state of everything its figures read (`stamp`); anything else is computed afresh.
 */

/** A stored UTC day as the stamp reads it (the store's coverage row). */
export interface StampedDay {
  vehicleId: string;
  day: string;
  fetchedAt: number;
  points: number;
  state: string;
}

/**
 * What a carrier's kept figures read besides its readings: its stored days and its roster. Not the driver
 * snapshots: the app takes one at every start and every few minutes, and the only figures they give (the
 * HOS rows, `hosFacts`) are cheap, so the compare worker works them out on every answer instead of keying
 * the whole result (every stored reading read again) on them.
 */
export interface CarrierStampInput {
  days: readonly StampedDay[];
  roster: readonly { vehicleId: string; number: string }[] | null;
}

/**
 * One string that changes whenever a stored day of the range is downloaded again (a new `fetchedAt`),
 * grows, is added or deleted, or changes state, and whenever the roster changes.
 */
export function carrierStamp(input: CarrierStampInput): string {
  const days = input.days
    .map((d) => `${d.vehicleId}/${d.day}:${d.fetchedAt}:${d.points}:${d.state}`)
    .sort()
    .join(' ');
  const roster = input.roster === null ? 'none' : JSON.stringify(input.roster.map((v) => [v.vehicleId, v.number]));
  return `${days}|${roster}`;
}

export interface ComparisonKeyParts {
  carrierId: string;
  label: string;
  zone: string;
  range: DateRange;
  params: CompareParams;
  today: string;
  /** workers/worker-roads.ts roadLimitsKey: which road limits the trips judge with. */
  roadsKey: string;
  stamp: string;
}

/** The parts as a key; parameters in name order, so two equal objects give one key. */
export function comparisonKey(k: ComparisonKeyParts): string {
  const params = Object.keys(k.params)
    .sort()
    .map((name) => [name, k.params[name as keyof CompareParams]]);
  return JSON.stringify([k.carrierId, k.label, k.zone, k.range.from, k.range.to, params, k.today, k.roadsKey, k.stamp]);
}

/** Results kept by key, the least recently used forgotten beyond `limit`. */
export class KeptResults<T> {
  private readonly kept = new Map<string, T>();

  constructor(private readonly limit: number) {}

  get(key: string): T | undefined {
    const v = this.kept.get(key);
    if (v === undefined) return undefined;
    this.kept.delete(key);
    this.kept.set(key, v);
    return v;
  }

  set(key: string, value: T): void {
    this.kept.delete(key);
    this.kept.set(key, value);
    while (this.kept.size > this.limit) this.kept.delete(this.kept.keys().next().value!);
  }

  get size(): number {
    return this.kept.size;
  }
}
