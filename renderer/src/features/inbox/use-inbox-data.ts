import { useEffect, useRef, useState } from 'react';
import type { AnalysisParams } from '../../../../shared/analysis/types.ts';
import type { LocalDay } from '../../../../shared/time/local-day.ts';
import { errorText } from '../../../../shared/util/error-text.ts';
import type { InboxCarrier, InboxData, InboxProgress } from '../../workers/inbox.worker.ts';
import { carriersKeyOf, inboxWorker } from './inbox-scope.ts';

export type InboxLoad =
  | { state: 'loading'; progress?: InboxProgress }
  | { state: 'ready'; data: InboxData; ms: number; key: string }
  | { state: 'failed'; message: string };

/** The inbox's events and scorecards for the carriers and range, from the inbox worker; a newer request supersedes. */
export function useInboxData(
  carriers: InboxCarrier[],
  from: LocalDay,
  to: LocalDay,
  params: AnalysisParams,
  /** Changes when stored data changes: the events are loaded again. Nothing is loaded before it is known. */
  dataVersion: string | undefined,
): InboxLoad {
  const nextId = useRef(0);
  const shown = useRef<{ key: string; params: AnalysisParams | null }>({ key: '', params: null });
  const [load, setLoad] = useState<InboxLoad>({ state: 'loading' });
  const carriersKey = carriersKeyOf(carriers);

  useEffect(() => {
    if (dataVersion === undefined) return;
    const id = ++nextId.current;
    const startedAt = performance.now();
    const key = `${carriersKey}|${from}|${to}`;
    // A reload for new data keeps the list on screen until the new one is ready; another query's list never
    // stays under this query's heading.
    const sameQuery = shown.current.key === key && shown.current.params === params;
    shown.current = { key, params };
    setLoad((l) => (l.state === 'ready' && sameQuery ? l : { state: 'loading' }));
    inboxWorker()
      .call('load', carriers, from, to, params)
      .then(
        (data) => {
          if (data && id === nextId.current) setLoad({ state: 'ready', data, ms: performance.now() - startedAt, key });
        },
        (err: unknown) => id === nextId.current && setLoad({ state: 'failed', message: errorText(err) }),
      );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- carriersKey stands for the carriers' ids and zones
  }, [carriersKey, from, to, params, dataVersion]);

  useLoadProgress(load.state === 'loading', setLoad);
  return load;
}

/** How often a loading inbox asks the worker how far it got (it answers between its reads). */
const PROGRESS_EVERY_MS = 250;

/** While loading, the worker's count of trucks finished, so a first open of a large fleet says how far it is. */
function useLoadProgress(loading: boolean, setLoad: (f: (l: InboxLoad) => InboxLoad) => void): void {
  useEffect(() => {
    if (!loading) return;
    const timer = setInterval(() => {
      void inboxWorker()
        .call('progress')
        .then(
          (progress) =>
            setLoad((l) => (l.state === 'loading' && progress.total > 0 ? { state: 'loading', progress } : l)),
          () => undefined,
        );
    }, PROGRESS_EVERY_MS);
    return () => clearInterval(timer);
  }, [loading, setLoad]);
}
