import { partialVehicleDays, type PartialVehicleDay } from '../../../../shared/inbox/partial-days.ts';
import type { LocalDay } from '../../../../shared/time/local-day.ts';
import { useLive } from '../../store/hooks.ts';
import { carrierCoverage } from '../../store/reads.ts';
import type { InboxCarrier } from '../../workers/inbox.worker.ts';

export interface CarrierPartialDays {
  carrierId: string;
  zone: string;
  days: PartialVehicleDay[];
}

/**
 * The home-zone days of the inbox's range that its carriers' vehicles hold only in part (issue 31, item 1):
 * read from the stored days' coverage, so the scope can say which days' events may be incomplete.
 */
export function usePartialDays(
  carriers: readonly InboxCarrier[],
  from: LocalDay,
  to: LocalDay,
  today: string | null,
): CarrierPartialDays[] | undefined {
  const key = carriers.map((c) => `${c.carrierId}@${c.zone}`).join(',');
  return useLive(async () => {
    if (!today || !from || !to || from > to) return [];
    return Promise.all(
      carriers.map(async (c) => {
        const rows = (await carrierCoverage(c.carrierId)).map((r) => ({
          vehicleId: r.vehicleId,
          day: r.day,
          complete: r.state === 'complete',
        }));
        return { carrierId: c.carrierId, zone: c.zone, days: partialVehicleDays(rows, c.zone, { from, to }, today) };
      }),
    );
  }, [key, from, to, today]);
}
