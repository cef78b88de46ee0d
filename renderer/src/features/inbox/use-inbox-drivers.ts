import { useMemo } from 'react';
import type { CarrierDrivers } from '../../../../shared/compare/driver-facts.ts';
import type { DriverName } from '../../../../shared/drivers/types.ts';
import { withDrivers } from '../../../../shared/inbox/drivers.ts';
import type { InboxEvent } from '../../../../shared/inbox/events.ts';
import { keptDrivers } from '../../store/assignments.ts';
import { useLive } from '../../store/hooks.ts';
import { rosterNames } from '../drivers/names.ts';

/**
 * The carriers' assignments and kept driver rosters, re-read whenever they change (an import, an edit, a
 * new fleet fetch); undefined until read for exactly these carriers (a read for others would call their
 * events unassigned).
 */
export function useKeptDrivers(carrierIds: readonly string[]): ReadonlyMap<string, CarrierDrivers> | undefined {
  const key = carrierIds.join(',');
  const kept = useLive(
    async () => Promise.all(carrierIds.map(async (id) => ({ id, ...(await keptDrivers(id)) }))),
    [key],
  );
  return useMemo(() => {
    if (!kept || kept.map((c) => c.id).join(',') !== key) return undefined;
    return new Map(
      kept.map((c) => [c.id, { assignments: c.assignments, names: rosterNames(c.drivers, []).driverById }]),
    );
  }, [kept, key]);
}

export interface InboxDrivers {
  /** The worker's events with their drivers; undefined until the assignments are read (never shown as unassigned meanwhile). */
  events: InboxEvent[] | undefined;
  /** Each carrier's drivers as last kept, by id. */
  namesByCarrier: ReadonlyMap<string, ReadonlyMap<string, DriverName>>;
}

/** The worker's events joined on the page to who drove: no analysis runs again when assignments change. */
export function useInboxDrivers(carrierIds: readonly string[], events: readonly InboxEvent[] | null): InboxDrivers {
  const kept = useKeptDrivers(carrierIds);
  return useMemo(() => {
    const namesByCarrier = new Map([...(kept ?? [])].map(([id, k]) => [id, k.names]));
    if (!kept || !events) return { events: undefined, namesByCarrier };
    const assignments = new Map([...kept].map(([id, k]) => [id, k.assignments]));
    return { events: withDrivers(events, assignments), namesByCarrier };
  }, [kept, events]);
}
