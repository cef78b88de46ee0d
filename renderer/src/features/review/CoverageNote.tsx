import { localDaysCoverage, type LocalDayCoverage } from '../../../../shared/track/local-coverage.ts';
import { addDays } from '../../../../shared/util/day.ts';
import { isLocalDay } from '../../../../shared/time/local-day.ts';
import { useLive } from '../../store/hooks.ts';
import { coverageOf } from '../../store/reads.ts';

/**
 * How much of each local day of a selection is downloaded. A home-zone day touches two UTC days (Chicago's
 * runs to 05:00Z the next day); it is complete only when both are. Live: a download or delete updates it.
 */
export function useLocalCoverage(
  carrierId: string,
  vehicleId: string,
  from: string,
  to: string,
  zone: string,
  today: string,
): LocalDayCoverage[] | undefined {
  return useLive(async () => {
    if (!carrierId || !vehicleId || !isLocalDay(from) || !isLocalDay(to) || !isLocalDay(today)) return undefined;
    // The UTC days a local range touches reach one day beyond it on either side.
    const rows = await coverageOf(carrierId, vehicleId, addDays(from, -1), addDays(to, 1));
    return localDaysCoverage(from, to, zone, new Map(rows.map((r) => [r.day, r.state])), today);
  }, [carrierId, vehicleId, from, to, zone, today]);
}

/**
 * Said beside the map whenever a day of the selection is not wholly downloaded: which hours are missing
 * (in the home zone's clock), so the totals and exports are never read as the whole day's; and their download.
 */
export function CoverageNote({
  coverage,
  partialText,
  onDownload,
}: {
  coverage: readonly LocalDayCoverage[] | undefined;
  /** The partial days' missing hours in words (shared/track/local-coverage.ts partialDaysText), as the GPX says them. */
  partialText: string;
  onDownload: () => void;
}) {
  if (!coverage) return null;
  const partial = coverage.filter((c) => c.state === 'partial');
  const missing = coverage.filter((c) => c.state === 'missing');
  // A selection with nothing stored at all is the empty state's to say.
  if (partial.length === 0 && (missing.length === 0 || missing.length === coverage.length)) return null;
  // Hours still being recorded come with the next download of today; only hours never downloaded get the button.
  const canDownload = missing.length > 0 || partial.some((c) => c.missing.some((m) => m.why === 'not-downloaded'));
  return (
    <div
      className="alert alert-warning review-coverage"
      role="status"
      data-testid="review-coverage"
      data-partial={partial.map((c) => c.day).join(',')}
      data-missing={missing.map((c) => c.day).join(',')}
    >
      <span>
        <b>Partly downloaded:</b>{' '}
        {[
          partialText,
          missing.length > 0 ? `${missing.length} day${missing.length === 1 ? '' : 's'} with nothing stored` : '',
        ]
          .filter((x) => x !== '')
          .join(' · ')}
        . The figures and exports leave those hours out (a GPX says so in its description).
      </span>
      {canDownload && (
        <button type="button" className="btn btn-small" data-testid="review-coverage-download" onClick={onDownload}>
          Download the missing hours
        </button>
      )}
    </div>
  );
}
