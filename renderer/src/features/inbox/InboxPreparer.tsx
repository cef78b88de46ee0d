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
  running: boolean;
  runs: number;
  /** Trucks analysed and reused by the last preparation; absent when the user's own inbox load took over. */
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
  const running = useRef(false);
  const paused = useRef(false);
  useEffect(() => {
    if (foregroundIdle || !running.current) return;
    paused.current = true;
    inboxWorker()
      .call('pause')
      .catch(() => undefined);
  }, [foregroundIdle]);

  useEffect(() => {
    if (stamp === undefined || downloading !== 0 || !foregroundIdle || scope.length === 0 || !roads.ready) return;
    const timer = setTimeout(() => {
      running.current = true;
      paused.current = false;
      setPrepared((p) => ({ ...p, running: true }));
      const worker = inboxWorker();
      const ended = () => {
        running.current = false;
        const wasPaused = paused.current;
        paused.current = false;
        return wasPaused;
      };
      withWorkerRoads(worker, roads.spec, (k) => worker.call('prepare', scope, range.from, range.to, params, k)).then(
        (r) => {
          // Paused: not prepared (asked again once the foreground is idle). Else null: the user's own load took over.
          const wasPaused = ended();
          setPrepared((p) =>
            r === null && wasPaused
              ? { ...p, running: false }
              : { key, running: false, runs: p.runs + 1, ...(r ?? {}) },
          );
        },
        (err: unknown) => {
          ended();
          console.warn(`Inbox not prepared: ${String(err)}`);
          setPrepared((p) => ({ ...p, running: false }));
        },
      );
    }, PREPARE_AFTER_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for stamp, scope, range, params and road limits
  }, [key, downloading, foregroundIdle]);

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
