import type { Failure } from '../../../../shared/domain/carrier.ts';
import type { RosterRow } from '../../store/types.ts';
import { formatAge, formatUtc } from './format.ts';

export function OfflineNotice({
  roster,
  failure,
  serverNow,
}: {
  roster: RosterRow | undefined;
  failure: Failure;
  serverNow: number;
}) {
  return (
    <div
      className="alert alert-warning"
      role="status"
      data-testid="offline-notice"
      data-has-roster={roster !== undefined}
    >
      <strong className="alert-title">Offline</strong>
      <span data-testid="offline-reason">{failure.message}</span>
      {roster ? (
        <span>
          Showing the roster stored{' '}
          <time
            dateTime={new Date(roster.fetchedAt).toISOString()}
            title={formatUtc(roster.fetchedAt)}
            data-testid="offline-age"
          >
            {formatAge(Math.max(0, serverNow - roster.fetchedAt))}
          </time>
          .
        </span>
      ) : (
        <span>No stored roster for this carrier yet: open it once while online.</span>
      )}
    </div>
  );
}
