import type { DayState } from './vehicle-sim.ts';
import data from './checkpoints-2026.json' with { type: 'json' };

/**
 * Op-day start states of every demo vehicle of the default seed, every
 * CHECKPOINT_EVERY op-days, computed once by `npm run sim:checkpoints`
 * (scripts/build-sim-checkpoints.ts) from the chained simulation. A truck's
 * state at op-day k then costs at most CHECKPOINT_EVERY - 1 cheap op-day steps
 * from the checkpoint at or before k, instead of k steps from the epoch, so
 * any vehicle-day is answered in bounded time whatever the date. The states
 * are the chain's own numbers (JSON keeps doubles exactly), so the data is
 * unchanged; other seeds, and op-days past the last checkpoint, chain from
 * the last state known.
 */
export const CHECKPOINT_EVERY = 32;

/** One state as a flat tuple (see `encodeState`). */
export type EncodedState = number[];

export interface CheckpointFile {
  seed: number;
  every: number;
  /** vehicleId → states at op-days every, 2·every, … */
  vehicles: Record<string, EncodedState[]>;
}

export function encodeState(s: DayState): EncodedState {
  return [
    s.routeFrom,
    s.routeTo,
    s.progressMi,
    s.odometer,
    s.fuel,
    s.lat,
    s.lng,
    s.dir,
    s.workStreak,
    s.tripNo,
    ...s.onDutyHist,
  ];
}

export function decodeState(e: EncodedState): DayState {
  const [routeFrom, routeTo, progressMi, odometer, fuel, lat, lng, dir, workStreak, tripNo, ...onDutyHist] = e;
  return {
    routeFrom: routeFrom!,
    routeTo: routeTo!,
    progressMi: progressMi!,
    odometer: odometer!,
    fuel: fuel!,
    lat: lat!,
    lng: lng!,
    dir: dir!,
    workStreak: workStreak!,
    tripNo: tripNo!,
    onDutyHist,
  };
}

const stored = data as CheckpointFile;
let trusted: boolean | null = null;

/**
 * The stored state of `vehicleId` at op-day `k` (a multiple of CHECKPOINT_EVERY),
 * or null. `verify` is asked once per process to recompute one stored state by
 * chaining (the vehicle's first one): if the simulation changed since the file was written, the file is
 * ignored (everything chains from the epoch, slow but right) instead of
 * serving days that no longer follow from their predecessors.
 */
export function storedCheckpoint(
  seed: number,
  vehicleId: string,
  k: number,
  verify: (k: number) => DayState,
): DayState | null {
  if (seed !== stored.seed || k <= 0 || k % stored.every !== 0) return null;
  const e = stored.vehicles[vehicleId]?.[k / stored.every - 1];
  if (!e) return null;
  // The first stored state is checked: the cheapest to recompute (CHECKPOINT_EVERY steps).
  if (trusted === null) trusted = sameState(verify(stored.every), decodeState(stored.vehicles[vehicleId]![0]!));
  return trusted ? decodeState(e) : null;
}

/** Whether the stored states were checked and are in use (null: not asked yet). */
export function checkpointsTrusted(): boolean | null {
  return trusted;
}

export function sameState(a: DayState, b: DayState): boolean {
  const x = encodeState(a);
  const y = encodeState(b);
  return x.length === y.length && x.every((v, i) => Object.is(v, y[i]));
}
