import type { ReviewPlace } from '../layout/navigation.ts';
import { useAppState } from '../../app/app-state.tsx';
import { localDaysOfJob, spanCovering } from '../../downloads/review-target.ts';
import type { DownloadJob } from '../../store/types.ts';
import { daysZoneOf } from '../review/use-local-days.ts';

/**
 * "Open in Trip review" on a finished download (issue 31, item 9): that carrier and vehicle, the span that
 * shows the job's home-zone days, ending on its last one. A job of several vehicles opens the first that
 * finished; each finished vehicle's row has its own button.
 */
export function OpenInReview({
  job,
  vehicleId,
  onOpenReview,
  testId,
}: {
  job: DownloadJob;
  /** Which vehicle; by default the job's first finished one. */
  vehicleId?: string;
  onOpenReview: (place: ReviewPlace) => void;
  testId: string;
}) {
  const { carriers, info } = useAppState();
  const vehicle = job.vehicles.find((v) => (vehicleId ? v.vehicleId === vehicleId : v.state === 'done'));
  if (!vehicle || vehicle.state !== 'done' || !info.today) return null;
  const zone = daysZoneOf(carriers.find((c) => c.id === job.carrierId));
  const { from, to } = localDaysOfJob(job, zone, info.today);
  const open = () =>
    onOpenReview({ carrierId: job.carrierId, vehicleId: vehicle.vehicleId, day: to, span: spanCovering(from, to) });
  return (
    <button
      type="button"
      className="btn btn-small"
      data-testid={testId}
      data-vehicle-id={vehicle.vehicleId}
      title={`Open ${vehicle.vehicleNumber}, ${from === to ? from : `${from} → ${to}`} (${zone} days), in Trip review`}
      onClick={open}
    >
      {vehicleId
        ? 'Open'
        : job.vehicles.length > 1
          ? `Open ${vehicle.vehicleNumber} in Trip review`
          : 'Open in Trip review'}
    </button>
  );
}
