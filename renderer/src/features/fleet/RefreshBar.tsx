import type { FleetSnapshot } from '../../../../shared/domain/carrier.ts';
import { MIN_REFRESH_MS } from '../../hooks/useFleet.ts';
import { formatAge, formatUtc } from './format.ts';

interface Props {
  snapshot: FleetSnapshot<unknown> | null;
  loading: boolean;
  nextRefreshLocal: number | null;
  now: number;
  serverNow: number;
  onRefresh: () => void;
}

/** Refresh on demand, but never sooner than the backend would actually ask the API again. */
export function RefreshBar({ snapshot, loading, nextRefreshLocal, now, serverNow, onRefresh }: Props) {
  // `now` ticks once a second, so it may lag the answer by up to a second: never show more than the real floor.
  const waitS =
    nextRefreshLocal === null
      ? 0
      : Math.min(MIN_REFRESH_MS / 1000, Math.max(0, Math.ceil((nextRefreshLocal - now) / 1000)));
  return (
    <div className="refresh-bar">
      <button
        type="button"
        className="btn btn-small"
        data-testid="fleet-refresh"
        onClick={onRefresh}
        disabled={loading || waitS > 0}
        aria-describedby="refresh-status"
      >
        {loading ? 'Refreshing…' : 'Refresh'}
      </button>
      <span id="refresh-status" className="muted" aria-live="off">
        {snapshot && (
          <span data-testid="fleet-fetched" title={formatUtc(snapshot.fetchedAt)}>
            Updated {formatAge(Math.max(0, serverNow - snapshot.fetchedAt))}
            {snapshot.cached ? ' (cached)' : ''}
          </span>
        )}
        {!loading && waitS > 0 && (
          <span data-testid="refresh-countdown" data-seconds={waitS}>
            {' '}
            · next refresh in {waitS} s
          </span>
        )}
      </span>
    </div>
  );
}
