import { useCallback, useEffect, useRef, useState } from 'react';
import type { DriverRow, Failure, FleetSnapshot, VehicleRow } from '../../../shared/domain/carrier.ts';
import { RouteLensError } from '../../../shared/ipc/contract.ts';
import { useAppState } from '../app/app-state.tsx';
import { loadRoster, saveFleetSnapshot } from '../store/snapshots.ts';
import type { RosterRow } from '../store/types.ts';
import { observeServerTime, serverNow } from './server-clock.ts';
import { usePageVisible } from './usePageVisible.ts';
import { errorText } from '../../../shared/util/error-text.ts';

/** Spec 8.3: the backend never asks the API more than once per 30 s per screen. */
export const MIN_REFRESH_MS = 30_000;

export type FleetKind = 'vehicles' | 'drivers';
type RowOf<K extends FleetKind> = K extends 'vehicles' ? VehicleRow : DriverRow;

export interface FleetState<K extends FleetKind> {
  snapshot: FleetSnapshot<RowOf<K>> | null;
  /** Set when the API is unreachable: the stored roster (if any) and why. */
  offline: { roster: RosterRow | undefined; failure: Failure } | null;
  /** Any other failure (keys, rate limit, server); the last good snapshot stays shown. */
  error: Failure | null;
  /** The store could not keep the last snapshot (history would have a gap). */
  saveError: string | null;
  loading: boolean;
  /** Window time from which the next refresh may reach the API. */
  nextRefreshLocal: number | null;
}

const asFailure = (err: unknown): Failure =>
  err instanceof RouteLensError
    ? { kind: err.kind as Failure['kind'], message: err.message }
    : { kind: 'other', message: errorText(err) };

/**
 * When the backend will next reach the API, in window time. Taken from
 * `nextRefreshAt` when it is plausible; when it is not (a pinned or skewed
 * backend clock), a full interval, so we never poll in a loop.
 */
function nextRefreshLocal(snap: FleetSnapshot<unknown>): number {
  const remaining = snap.nextRefreshAt - serverNow();
  return Date.now() + (remaining > 0 && remaining <= MIN_REFRESH_MS ? remaining : MIN_REFRESH_MS);
}

const initialState = {
  snapshot: null,
  offline: null,
  error: null,
  saveError: null,
  loading: true,
  nextRefreshLocal: null,
};

/**
 * One fleet screen of one carrier: loads it, refreshes it while visible (never
 * sooner than the backend allows), records every fresh answer as a snapshot
 * (the API keeps no history) and falls back to the stored roster when offline.
 */
export function useFleet<K extends FleetKind>(carrierId: string, kind: K) {
  const { api } = useAppState();
  const [state, setState] = useState<FleetState<K>>(initialState);
  const visible = usePageVisible();
  const requestSeq = useRef(0);

  const load = useCallback(
    async (force: boolean) => {
      const seq = ++requestSeq.current;
      setState((s) => ({ ...s, loading: true }));
      try {
        const snap = (await (kind === 'vehicles'
          ? api.fleet.vehicles(carrierId, force)
          : api.fleet.drivers(carrierId, force))) as FleetSnapshot<RowOf<K>>;
        if (seq !== requestSeq.current) return;
        if (!snap.cached) observeServerTime(snap.fetchedAt);
        let saveError: string | null = null;
        if (!snap.cached) {
          await saveFleetSnapshot(snap as FleetSnapshot<VehicleRow> | FleetSnapshot<DriverRow>, kind).catch(
            (e: unknown) => {
              saveError = errorText(e);
            },
          );
        }
        if (seq !== requestSeq.current) return;
        setState({
          snapshot: snap,
          offline: null,
          error: null,
          saveError,
          loading: false,
          nextRefreshLocal: nextRefreshLocal(snap),
        });
      } catch (err) {
        if (seq !== requestSeq.current) return;
        const failure = asFailure(err);
        const retryAt = Date.now() + MIN_REFRESH_MS;
        if (failure.kind === 'unreachable') {
          const roster = await loadRoster(carrierId, kind).catch(() => undefined);
          if (seq !== requestSeq.current) return;
          setState((s) => ({
            ...s,
            offline: { roster, failure },
            error: null,
            loading: false,
            nextRefreshLocal: retryAt,
          }));
        } else {
          setState((s) => ({ ...s, offline: null, error: failure, loading: false, nextRefreshLocal: retryAt }));
        }
      }
    },
    [api, carrierId, kind],
  );

  useEffect(() => {
    setState(initialState);
    void load(false);
    return () => {
      // A counter, not a DOM node: bumping it on cleanup makes answers of the old carrier's requests stale.
      // eslint-disable-next-line react-hooks/exhaustive-deps
      requestSeq.current++;
    };
  }, [load]);

  const due = state.nextRefreshLocal;
  useEffect(() => {
    if (!visible || due === null || state.loading) return;
    const id = window.setTimeout(() => void load(true), Math.max(0, due - Date.now()));
    return () => window.clearTimeout(id);
  }, [visible, due, state.loading, load]);

  return { ...state, refresh: () => load(true) };
}
