import { useEffect, useRef, useState } from 'react';
import type { AnalysisParams } from '../../../../shared/analysis/types.ts';
import type { LocalDay } from '../../../../shared/time/local-day.ts';
import { errorText } from '../../../../shared/util/error-text.ts';
import type { InboxCarrier, InboxData } from '../../workers/inbox.worker.ts';
import { carriersKeyOf, inboxWorker } from './inbox-scope.ts';

export type InboxLoad =
  | { state: 'loading' }
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
  const [load, setLoad] = useState<InboxLoad>({ state: 'loading' });
  const carriersKey = carriersKeyOf(carriers);

  useEffect(() => {
    if (dataVersion === undefined) return;
    const id = ++nextId.current;
    const startedAt = performance.now();
    const key = `${carriersKey}|${from}|${to}`;
    // A reload for new data keeps the list on screen until the new one is ready.
    setLoad((l) => (l.state === 'ready' ? l : { state: 'loading' }));
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

  return load;
}
