import {
  initialState,
  simulateOpDay,
  type DayState,
  type OpDaySim,
} from '../../electron/node/simulator/vehicle-sim.ts';
import type { SimVehicleRef } from '../../electron/node/simulator/vehicle-days.ts';

/**
 * The simulator's original day generation, kept as the reference for the
 * checkpointed one: a truck's state at op-day k is the end of op-day k − 1,
 * chained one op-day at a time from the epoch, with no cache and no checkpoint.
 */
export function chainedState(v: SimVehicleRef, k: number): DayState {
  let s = initialState(v.profile, v.seed);
  for (let j = 0; j < k; j++) s = simulateOpDay(v.profile, v.seed, v.active, j, s, false).end;
  return s;
}

/** Op-day k with every reading, generated from the chained state (`start`, when the caller has it). */
export function chainedOpDay(v: SimVehicleRef, k: number, start = chainedState(v, k)): OpDaySim {
  return simulateOpDay(v.profile, v.seed, v.active, k, start, true);
}

/** The chained states at each of `ks`, in one walk from the epoch. */
export function chainedStates(v: SimVehicleRef, ks: readonly number[]): Map<number, DayState> {
  const out = new Map<number, DayState>();
  const last = Math.max(...ks);
  let s = initialState(v.profile, v.seed);
  for (let j = 0; j <= last; j++) {
    if (ks.includes(j)) out.set(j, s);
    s = simulateOpDay(v.profile, v.seed, v.active, j, s, false).end;
  }
  return out;
}
