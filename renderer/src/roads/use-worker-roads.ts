import { useMemo } from 'react';
import { useAppState } from '../app/app-state.tsx';
import { useRoadLimits } from './road-limits-store.ts';
import { workerRoadsOf, type WorkerRoadsState } from './worker-roads-of.ts';

/**
 * The road limits every analysing screen hands its worker: the kept index and zones with the rule of the
 * "Analysis settings"; not ready while the kept limits load (nothing is analysed twice).
 */
export function useWorkerRoads(): WorkerRoadsState {
  const { api, preferences } = useAppState();
  const load = useRoadLimits(api);
  const { overLimitToleranceMph, overLimitMinSeconds } = preferences.analysis;
  return useMemo(
    () => workerRoadsOf(load, { overLimitToleranceMph, overLimitMinSeconds }),
    [load, overLimitToleranceMph, overLimitMinSeconds],
  );
}
