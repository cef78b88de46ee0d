import { useEffect, useMemo, useState } from 'react';
import type { AnalysisParams } from '../../../../shared/analysis/types.ts';
import type { DriverRow, VehicleRow } from '../../../../shared/domain/carrier.ts';
import { localRangeInterval, type LocalDay } from '../../../../shared/time/local-day.ts';
import { errorText } from '../../../../shared/util/error-text.ts';
import { withWorkerRoads } from '../../roads/ensure-worker-roads.ts';
import { useWorkerRoads } from '../../roads/use-worker-roads.ts';
import { assignmentsOfCarrier } from '../../store/assignments.ts';
import { useLive } from '../../store/hooks.ts';
import { storeStamp } from '../../store/reads.ts';
import { loadRoster } from '../../store/snapshots.ts';
import { marksOfCarrier } from '../../store/trail.ts';
import type { DriverRangeCarrier, DriverScorecardsProtocol } from '../../workers/driver-scorecards-protocol.ts';
import { createWorkerClient, type WorkerClient } from '../../workers/rpc.ts';
import { driverCardsOf, type CarrierDrivers, type DriverCard } from './driver-scorecards-data.ts';
import { rosterNames } from './names.ts';

export type DriverCardsLoad =
  { state: 'loading' } | { state: 'ready'; cards: DriverCard[] } | { state: 'failed'; message: string };

let client: WorkerClient<DriverScorecardsProtocol> | null = null;

function driverScorecardsWorker(): WorkerClient<DriverScorecardsProtocol> {
  client ??= createWorkerClient<DriverScorecardsProtocol>({
    spawn: () =>
      new Worker(new URL('../../workers/driver-scorecards.worker.ts', import.meta.url), {
        type: 'module',
        name: 'routelens-driver-scorecards',
      }),
    name: 'driver-scorecards',
  });
  return client;
}

/**
 * The drivers' scorecards of the carriers over `from`..`to` (each carrier's home-zone days): the worker
 * analyses the stored days again when they, the assignments, the parameters or the road limits change;
 * marks and names change the cards without it.
 */
export function useDriverScorecards(
  carriers: readonly { carrierId: string; zone: string }[],
  from: LocalDay,
  to: LocalDay,
  params: AnalysisParams,
): DriverCardsLoad {
  const key = carriers.map((c) => `${c.carrierId}@${c.zone}`).join(',');
  const dataVersion = useLive(storeStamp, []);
  const kept = useLive(
    () =>
      Promise.all(
        carriers.map(async (c) => {
          const [assignments, marks, drivers, vehicles] = await Promise.all([
            assignmentsOfCarrier(c.carrierId),
            marksOfCarrier(c.carrierId),
            loadRoster(c.carrierId, 'drivers'),
            loadRoster(c.carrierId, 'vehicles'),
          ]);
          const names = rosterNames((drivers?.rows ?? []) as DriverRow[], (vehicles?.rows ?? []) as VehicleRow[]);
          return { ...c, range: localRangeInterval(from, to, c.zone), assignments, marks, names: names.driverById };
        }),
      ),
    [key, from, to],
  );
  const roads = useWorkerRoads();
  const [data, setData] = useState<{ key: string; load: DriverCardsLoad; raw?: Parameters<typeof driverCardsOf>[0] }>();
  const assignmentsKey = JSON.stringify(kept?.map((c) => c.assignments) ?? null);
  const loadKey = `${key}|${from}|${to}|${dataVersion}|${assignmentsKey}|${roads.ready ? roads.key : ''}`;

  useEffect(() => {
    if (!kept || dataVersion === undefined || !roads.ready) return;
    let live = true;
    const input: DriverRangeCarrier[] = kept.map(({ carrierId, zone, range, assignments }) => ({
      carrierId,
      zone,
      range,
      assignments,
    }));
    const worker = driverScorecardsWorker();
    withWorkerRoads(worker, roads.spec, (k) => worker.call('load', input, params, k)).then(
      (raw) => live && raw && setData({ key: loadKey, load: { state: 'loading' }, raw }),
      (err: unknown) => live && setData({ key: loadKey, load: { state: 'failed', message: errorText(err) } }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loadKey stands for what the worker reads
  }, [loadKey, params]);

  return useMemo((): DriverCardsLoad => {
    if (!data || data.key !== loadKey || !kept) return { state: 'loading' };
    if (!data.raw) return data.load;
    return { state: 'ready', cards: driverCardsOf(data.raw, kept as CarrierDrivers[]) };
  }, [data, loadKey, kept]);
}
