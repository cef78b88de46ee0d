import { useEffect, useMemo, useRef, useState } from 'react';
import { useAppState } from '../../app/app-state.tsx';
import { useForegroundIdle } from '../../app/foreground-work.ts';
import { getDb } from '../../store/db.ts';
import { useLive } from '../../store/hooks.ts';
import { storeStamp } from '../../store/reads.ts';
import { addDays } from '../../../../shared/util/day.ts';
import { PREPARED_DAYS } from './inbox-query.ts';
import { withWorkerRoads } from '../../roads/ensure-worker-roads.ts';
import { useWorkerRoads } from '../../roads/use-worker-roads.ts';
import { carriersKeyOf, inboxCarriers, inboxWorker, useInboxParams } from './inbox-scope.ts';

/**
 * Quiet time after the last stored change, and after the last foreground load (app/foreground-work.ts), before
 * the inbox is prepared: a download writes day after day, and a drawn route is followed by its map's frames.
 */
export const PREPARE_AFTER_MS = 2000;

/**
 * Quiet time after a start before the inbox worker is started and warmed (`warm`: the store opened, each
 * carrier's coverage kept), so the first open of the inbox does not wait for that; a foreground load first.
 */
export const WARM_AFTER_MS = 300;

interface Prepared {
  /** What the last finished preparation was for (stamp, scope, range, parameters). */
  key: string | null;
  /** What the last failed one was for: not asked again until something changes. */
  failedKey?: string;
  running: boolean;
  runs: number;
  /** Trucks analysed and reused by the last finished preparation (one stopped, by a pause or a load, leaves them). */
  analysed?: number;
  reused?: number;
}

/**
 * Prepares the safety inbox's days (every carrier, the last PREPARED_DAYS, Trip review's parameters) in the
 * background whenever stored days change and no download is running, so the inbox opens from kept day
 * parts after the morning's downloads instead of reading every stored reading then. Shows nothing; its
 * state is on a hidden element for tests and benchmarks: `waiting` (a change not prepared yet), `running`,
 * `idle` (prepared for what is stored now). A user's own inbox load stops a preparation; none starts while a
 * Trip review load or a comparison runs (app/foreground-work.ts), and one running when such work begins is paused.
 * One stopped is asked again once the foreground is idle; one finished is not, until what it was for changes.
 */
export function InboxPreparer() {
  const { carriers, info } = useAppState();
  const stamp = useLive(storeStamp, []);
  const downloading = useLive(() => getDb().jobs.where('state').anyOf('queued', 'running').count(), []);
  const foregroundIdle = useForegroundIdle();
  const [prepared, setPrepared] = useState<Prepared>({ key: null, running: false, runs: 0 });
  const params = useInboxParams();
  const scope = useMemo(() => inboxCarriers(carriers, []), [carriers]);
  const range = { from: addDays(info.today, -(PREPARED_DAYS - 1)), to: info.today };
  // Prepared with the kept road limits the inbox will ask with: their key is part of what is prepared.
  const roads = useWorkerRoads();
  const roadsKey = roads.ready ? roads.key : null;
  const key = `${stamp}|${carriersKeyOf(scope)}|${range.from}|${range.to}|${JSON.stringify(params)}|${roadsKey}`;

  // Once a start: cheap (a digest row a carrier), but it starts a worker, so not while the first screen loads.
  const warmed = useRef(false);
  const scopeKey = carriersKeyOf(scope);
  useEffect(() => {
    if (warmed.current || !foregroundIdle || scope.length === 0) return;
    const timer = setTimeout(() => {
      warmed.current = true;
      inboxWorker()
        .call(
          'warm',
          scope.map((c) => c.carrierId),
        )
        .catch((err: unknown) => console.warn(`Inbox not warmed: ${String(err)}`));
    }, WARM_AFTER_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- scopeKey stands for the carriers
  }, [foregroundIdle, scopeKey]);

  // A preparation running when foreground work begins is paused (stopped after its truck; its kept rows stay):
  // the next one, once the foreground is idle again, goes on from there.
  useEffect(() => {
    if (foregroundIdle || !prepared.running) return;
    inboxWorker()
      .call('pause')
      .catch(() => undefined);
  }, [foregroundIdle, prepared.running]);

  // Asked when what is stored, the scope, range, parameters or limits changed since the last preparation, and
  // again after one that was stopped (a pause, or the user's own load of perhaps another range); not after one
  // that failed, until something changes. Nothing is asked for what is already prepared.
  const settled = prepared.key === key || prepared.failedKey === key;
  useEffect(() => {
    if (settled || prepared.running || stamp === undefined || downloading !== 0 || !foregroundIdle) return;
    if (scope.length === 0 || !roads.ready) return;
    const timer = setTimeout(() => {
      setPrepared((p) => ({ ...p, running: true }));
      const worker = inboxWorker();
      withWorkerRoads(worker, roads.spec, (k) => worker.call('prepare', scope, range.from, range.to, params, k)).then(
        // Null: stopped before the end, so not prepared; asked again once the foreground is idle.
        (r) =>
          setPrepared((p) => (r ? { ...p, key, running: false, runs: p.runs + 1, ...r } : { ...p, running: false })),
        (err: unknown) => {
          console.warn(`Inbox not prepared: ${String(err)}`);
          setPrepared((p) => ({ ...p, running: false, failedKey: key }));
        },
      );
    }, PREPARE_AFTER_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for stamp, scope, range, params and road limits
  }, [key, settled, prepared.running, downloading, foregroundIdle]);

  const state = prepared.running ? 'running' : prepared.key === key ? 'idle' : 'waiting';
  return (
    <span
      hidden
      data-testid="inbox-preparer"
      data-state={state}
      data-runs={prepared.runs}
      data-analysed={prepared.analysed}
      data-reused={prepared.reused}
    />
  );
}
