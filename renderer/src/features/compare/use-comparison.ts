import { useEffect, useRef, useState } from 'react';
import { beginForegroundWork } from '../../app/foreground-work.ts';
import type { ComparisonFacts } from '../../../../shared/compare/compare.ts';
import type { DateRange, TripFacts } from '../../../../shared/compare/facts.ts';
import type { CompareParams } from '../../../../shared/compare/params.ts';
import { errorText } from '../../../../shared/util/error-text.ts';
import type { CompareProtocol } from '../../workers/compare.worker.ts';
import { createWorkerClient, type WorkerClient } from '../../workers/rpc.ts';
import { withWorkerRoads } from '../../roads/ensure-worker-roads.ts';
import { useWorkerRoads } from '../../roads/use-worker-roads.ts';

export type ComparisonState =
  | { state: 'idle' }
  | { state: 'computing' }
  | { state: 'ready'; facts: ComparisonFacts; trips: boolean; ms: number }
  | { state: 'failed'; message: string };

const spawn = (name: string) => () =>
  new Worker(new URL('../../workers/compare.worker.ts', import.meta.url), { type: 'module', name });

/** Each carrier's metrics with its trip analysis spread over them (carriers in the same order). */
function withTripFacts(facts: ComparisonFacts, trips: readonly TripFacts[]): ComparisonFacts {
  return { ...facts, carriers: facts.carriers.map((c, k) => ({ ...c, ...trips[k] })) };
}

/**
 * Runs the comparison in two compare.worker.ts whenever its inputs (or the stored data, through
 * `dataVersion`) change; a newer run supersedes an older one. One worker answers the metrics, so the
 * table appears at once; the other runs the trip analysis (the slow part) at the same time, on another core.
 */
export function useComparison(
  carriers: { carrierId: string; label: string; zone: string }[] | null,
  range: DateRange | null,
  params: CompareParams,
  today: string,
  dataVersion: unknown,
): ComparisonState {
  const [result, setResult] = useState<ComparisonState>({ state: 'idle' });
  const clients = useRef<{
    metrics: WorkerClient<CompareProtocol>;
    trips: WorkerClient<CompareProtocol>;
  } | null>(null);
  const nextId = useRef(0);

  useEffect(
    () => () => {
      clients.current?.metrics.dispose();
      clients.current?.trips.dispose();
    },
    [],
  );

  // The trips judge "over the limit" against the kept road limits: their key is part of the comparison.
  const roads = useWorkerRoads();
  const key = JSON.stringify({ carriers, range, params, today, roads: roads.ready ? roads.key : null });
  useEffect(() => {
    if (!carriers || !range) {
      setResult({ state: 'idle' });
      return;
    }
    if (!roads.ready) return;
    const workers = (clients.current ??= {
      metrics: createWorkerClient<CompareProtocol>({ spawn: spawn('routelens-compare'), name: 'comparison' }),
      trips: createWorkerClient<CompareProtocol>({ spawn: spawn('routelens-compare-trips'), name: 'comparison trips' }),
    });
    const id = ++nextId.current;
    const current = () => id === nextId.current;
    const startedAt = performance.now();
    // Background work (the inbox preparer) waits until both answers are in, or this comparison is left.
    const endForeground = beginForegroundWork();
    setResult((r) => (r.state === 'ready' ? r : { state: 'computing' }));
    const ready = (facts: ComparisonFacts, trips: boolean) => {
      if (current()) setResult({ state: 'ready', facts, trips, ms: performance.now() - startedAt });
    };
    const failed = (err: unknown) => {
      if (current()) setResult({ state: 'failed', message: errorText(err) });
    };
    const trips = withWorkerRoads(workers.trips, roads.spec, (k) =>
      workers.trips.call('trips', id, carriers, range, params, today, k),
    );
    // A failed trip analysis is reported once the metrics have been shown (never an unhandled rejection).
    trips.catch(() => undefined);
    workers.metrics
      .call('metrics', id, carriers, range, params, today)
      .then(async (facts) => {
        if (!facts || !current()) return;
        ready(facts, false);
        const tripFacts = await trips;
        if (tripFacts) ready(withTripFacts(facts, tripFacts), true);
      })
      .catch(failed)
      .finally(() => trips.then(endForeground, endForeground));
    return endForeground;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for carriers, range, params, today and the road limits (new objects each render, equal content)
  }, [key, dataVersion]);

  return result;
}
