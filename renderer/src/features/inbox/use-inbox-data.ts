import { useEffect, useRef, useState } from 'react';
import type { AnalysisParams } from '../../../../shared/analysis/types.ts';
import type { LocalDay } from '../../../../shared/time/local-day.ts';
import type { UtcDay } from '../../../../shared/util/day.ts';
import { unpackInboxEvents } from '../../../../shared/inbox/event-pack.ts';
import { errorText } from '../../../../shared/util/error-text.ts';
import type { InboxCarrier, InboxData, InboxProgress } from '../../workers/inbox.worker.ts';
import { withWorkerRoads } from '../../roads/ensure-worker-roads.ts';
import { useWorkerRoads } from '../../roads/use-worker-roads.ts';
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
  /** The day partial days are counted to (the answer's `partial`); null for none. */
  today: UtcDay | null,
): InboxLoad {
  const nextId = useRef(0);
  const shown = useRef<{ key: string; params: AnalysisParams | null }>({ key: '', params: null });
  const [load, setLoad] = useState<InboxLoad>({ state: 'loading' });
  const carriersKey = carriersKeyOf(carriers);
  // Judged against the kept road limits: a new import, zones change or over-the-limit rule loads again.
  const roads = useWorkerRoads();
  const roadsKey = roads.ready ? roads.key : null;

  useEffect(() => {
    if (dataVersion === undefined || !roads.ready) return;
    const id = ++nextId.current;
    const startedAt = performance.now();
    // The limits are not in the key (the page's data-key names the scope and range): a change of them reloads
    // like new data, keeping the list until the new one is ready.
    const key = `${carriersKey}|${from}|${to}`;
    // A reload for new data keeps the list on screen until the new one is ready; another query's list never
    // stays under this query's heading.
    const sameQuery = shown.current.key === key && shown.current.params === params;
    shown.current = { key, params };
    setLoad((l) => (l.state === 'ready' && sameQuery ? l : { state: 'loading' }));
    const worker = inboxWorker();
    withWorkerRoads(worker, roads.spec, (k) => worker.call('load', carriers, from, to, params, k, today))
      .then((data) => {
        // Built again only for the answer still wanted; a pack that is not whole fails the load like any error.
        return data && id === nextId.current ? { ...data, events: unpackInboxEvents(data.events) } : null;
      })
      .then(
        (data) => {
          if (data) setLoad({ state: 'ready', data, ms: performance.now() - startedAt, key });
        },
        (err: unknown) => id === nextId.current && setLoad({ state: 'failed', message: errorText(err) }),
      );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- carriersKey stands for the carriers' ids and zones, roadsKey for the limits
  }, [carriersKey, from, to, params, dataVersion, roadsKey, today]);

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
