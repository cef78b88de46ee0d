import { useEffect, useRef, useState } from 'react';
import type { ComparisonFacts } from '../../../../shared/compare/compare.ts';
import type { DateRange } from '../../../../shared/compare/facts.ts';
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

const spawn = () =>
  new Worker(new URL('../../workers/compare.worker.ts', import.meta.url), {
    type: 'module',
    name: 'routelens-compare',
  });

/**
 * Runs the comparison in compare.worker.ts whenever its inputs (or the stored
 * data, through `dataVersion`) change; a newer run supersedes an older one.
 * The metrics come first, then the trip analysis (the slow part), so the table appears at once.
 */
export function useComparison(
  carriers: { carrierId: string; label: string; zone: string }[] | null,
  range: DateRange | null,
  params: CompareParams,
  today: string,
  dataVersion: unknown,
): ComparisonState {
  const [result, setResult] = useState<ComparisonState>({ state: 'idle' });
  const client = useRef<WorkerClient<CompareProtocol> | null>(null);
  const nextId = useRef(0);

  useEffect(() => () => client.current?.dispose(), []);

  // The trips judge "over the limit" against the kept road limits: their key is part of the comparison.
  const roads = useWorkerRoads();
  const key = JSON.stringify({ carriers, range, params, today, roads: roads.ready ? roads.key : null });
  useEffect(() => {
    if (!carriers || !range) {
      setResult({ state: 'idle' });
      return;
    }
    if (!roads.ready) return;
    const worker = (client.current ??= createWorkerClient<CompareProtocol>({ spawn, name: 'comparison' }));
    const id = ++nextId.current;
    const current = () => id === nextId.current;
    const startedAt = performance.now();
    setResult((r) => (r.state === 'ready' ? r : { state: 'computing' }));
    const ready = (facts: ComparisonFacts | null, trips: boolean) => {
      if (facts && current()) setResult({ state: 'ready', facts, trips, ms: performance.now() - startedAt });
      return facts !== null && current();
    };
    withWorkerRoads(worker, roads.spec, (k) => worker.call('metrics', id, carriers, range, params, today, k))
      .then(async (facts) => {
        if (ready(facts, false)) ready(await worker.call('trips', id), true);
      })
      .catch((err: unknown) => {
        if (current()) setResult({ state: 'failed', message: errorText(err) });
      });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for carriers, range, params, today and the road limits (new objects each render, equal content)
  }, [key, dataVersion]);

  return result;
}
