/**
 * What the workers judge with, from the kept road limits and the user's over-the-limit rule: the spec
 * sent to them (with the rule as RoadLimits.overLimit) and its key, which every analysing call and
 * every cache of its results carries.
 */
import { overLimitParamsOf, type OverLimitPreferences } from '../../../shared/analysis/adjustable.ts';
import { NO_ROADS_KEY, roadLimitsKey, type RoadLimitsSpec } from '../workers/worker-roads.ts';
import type { RoadLimitsLoad } from './road-limits-store.ts';

export type WorkerRoadsState =
  | { ready: false }
  /** `problem`: why the kept limits could not be read (the workers then judge without them, as with none kept). */
  | { ready: true; spec: RoadLimitsSpec | null; key: string; problem?: string };

export function workerRoadsOf(load: RoadLimitsLoad, rule: Readonly<OverLimitPreferences>): WorkerRoadsState {
  if (load.state === 'loading') return { ready: false };
  if (load.state === 'failed') return { ready: true, spec: null, key: NO_ROADS_KEY, problem: load.message };
  if (!load.spec) return { ready: true, spec: null, key: NO_ROADS_KEY };
  const spec: RoadLimitsSpec = { ...load.spec, overLimit: overLimitParamsOf(rule) };
  return { ready: true, spec, key: roadLimitsKey(spec) };
}
