import { useMemo } from 'react';
import type { DriverRow } from '../../../../shared/domain/carrier.ts';
import type { Assignment, DriverName } from '../../../../shared/drivers/types.ts';
import { withDrivers } from '../../../../shared/inbox/drivers.ts';
import type { InboxEvent } from '../../../../shared/inbox/events.ts';
import { assignmentsOfCarrier } from '../../store/assignments.ts';
import { useLive } from '../../store/hooks.ts';
import { loadRoster } from '../../store/snapshots.ts';
import { rosterNames } from '../drivers/names.ts';

export interface InboxDrivers {
  /** The worker's events with their drivers; undefined until the assignments are read (never shown as unassigned meanwhile). */
  events: InboxEvent[] | undefined;
  /** Each carrier's drivers as last kept, by id. */
  namesByCarrier: ReadonlyMap<string, ReadonlyMap<string, DriverName>>;
}

/**
 * The chosen carriers' assignments and kept driver rosters, re-read whenever they change (an import, an
 * edit, a new fleet fetch), joined to the worker's events on the page: no analysis runs again.
 */
export function useInboxDrivers(carrierIds: readonly string[], events: readonly InboxEvent[] | null): InboxDrivers {
  const key = carrierIds.join(',');
  const kept = useLive(
    async () =>
      Promise.all(
        carrierIds.map(async (id) => {
          const [assignments, roster] = await Promise.all([assignmentsOfCarrier(id), loadRoster(id, 'drivers')]);
          return { id, assignments, drivers: (roster?.rows ?? []) as DriverRow[] };
        }),
      ),
    [key],
  );
  const namesByCarrier = useMemo(
    () => new Map((kept ?? []).map((c) => [c.id, rosterNames(c.drivers, []).driverById])),
    [kept],
  );
  const attributed = useMemo(() => {
    // A read for other carriers than those asked (a carrier just ticked) would call their events unassigned.
    if (!kept || !events || kept.map((c) => c.id).join(',') !== key) return undefined;
    return withDrivers(events, new Map<string, Assignment[]>(kept.map((c) => [c.id, c.assignments])));
  }, [kept, events, key]);
  return { events: attributed, namesByCarrier };
}
