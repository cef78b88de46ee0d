import { useEffect, useRef, useState } from 'react';
import type { ComparisonFacts } from '../../../../shared/compare/compare.ts';
import type { DateRange } from '../../../../shared/compare/facts.ts';
import type { CompareParams } from '../../../../shared/compare/params.ts';
import type { CompareReply, CompareRequest } from '../../workers/compare.worker.ts';

export type ComparisonState =
  | { state: 'idle' }
  | { state: 'computing' }
  | { state: 'ready'; facts: ComparisonFacts; trips: boolean; ms: number }
  | { state: 'failed'; message: string };

/**
 * Runs the comparison in compare.worker.ts whenever its inputs (or the stored
 * data, through `dataVersion`) change; a newer run supersedes an older one.
 */
export function useComparison(carriers: { carrierId: string; label: string; zone: string }[] | null, range: DateRange | null, params: CompareParams, today: string, dataVersion: unknown): ComparisonState {
  const [result, setResult] = useState<ComparisonState>({ state: 'idle' });
  const worker = useRef<Worker | null>(null);
  const nextId = useRef(0);

  useEffect(() => () => worker.current?.terminate(), []);

  const key = JSON.stringify({ carriers, range, params, today });
  useEffect(() => {
    if (!carriers || !range) {
      setResult({ state: 'idle' });
      return;
    }
    const w = (worker.current ??= new Worker(new URL('../../workers/compare.worker.ts', import.meta.url), { type: 'module', name: 'routelens-compare' }));
    const id = ++nextId.current;
    const startedAt = performance.now();
    setResult((r) => (r.state === 'ready' ? r : { state: 'computing' }));
    w.onmessage = (ev: MessageEvent<CompareReply>) => {
      const reply = ev.data;
      if (reply.id !== nextId.current) return;
      if (!reply.ok) setResult({ state: 'failed', message: reply.message });
      else setResult({ state: 'ready', facts: reply.facts, trips: reply.stage === 'trips', ms: performance.now() - startedAt });
    };
    w.onerror = (ev) => setResult({ state: 'failed', message: `The comparison worker stopped: ${ev.message}` });
    w.postMessage({ id, carriers, range, params, today } satisfies CompareRequest);
  }, [key, dataVersion]);

  return result;
}
