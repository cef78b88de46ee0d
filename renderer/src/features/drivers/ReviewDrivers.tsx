import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { SafetyEvent, Trip } from '../../../../shared/analysis/types.ts';
import { createAttributor, driverLabel, driverOf } from '../../../../shared/drivers/attribution.ts';
import type { SpanAttribution } from '../../../../shared/drivers/types.ts';
import type { AssignmentForm } from './assignment-edits.ts';
import { AssignmentFormPanel } from './AssignmentFormPanel.tsx';
import { localInputOfMs } from './local-input.ts';
import { useAssignments, useStoredNames } from './use-assignments.ts';
import './drivers.css';

/** A driver as a row shows it; `driverId` null: unassigned. */
interface DriverShown {
  label: string;
  driverId: string | null;
}

/** Who drove each trip and event of the Review's vehicle, and the trip's "Assign this trip's driver". */
interface ReviewDrivers {
  /** A trip's driver: the one at its start; `changed` when the assignment changed during it. */
  ofTrip(t: Pick<Trip, 'startMs' | 'endMs'>): DriverShown & { changed: boolean };
  /** An event's driver: the one at its start. */
  ofEvent(e: Pick<SafetyEvent, 'startMs'>): DriverShown;
  assignTrip(t: Pick<Trip, 'startMs' | 'endMs'>): void;
}

const ReviewDriversContext = createContext<ReviewDrivers | null>(null);

/**
 * Gives the Review's lists the drivers of one vehicle from the carrier's kept assignments (re-read when they
 * change), and shows the dated-assignment form a trip opens, pre-filled with the vehicle and the trip's times.
 */
export function ReviewDriversProvider({
  carrierId,
  vehicleId,
  zone,
  children,
}: {
  carrierId: string;
  vehicleId: string;
  zone: string;
  children: ReactNode;
}) {
  const names = useStoredNames(carrierId);
  const stored = useAssignments(carrierId);
  const kept = useMemo(() => stored ?? [], [stored]);
  const [form, setForm] = useState<Partial<AssignmentForm> | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const value = useMemo<ReviewDrivers>(() => {
    const attributor = createAttributor(kept);
    const label = (span: SpanAttribution) => driverLabel(span, names.driverById);
    return {
      ofTrip: (t) => {
        const span = attributor.during(vehicleId, t.startMs, t.endMs);
        return { label: label(span), driverId: driverOf(span.start), changed: span.changedTo.length > 0 };
      },
      ofEvent: (e) => {
        const span: SpanAttribution = { start: attributor.at(vehicleId, e.startMs), changedTo: [] };
        return { label: label(span), driverId: driverOf(span.start) };
      },
      assignTrip: (t) => {
        setSaved(null);
        setForm({ vehicleId, from: localInputOfMs(t.startMs, zone), to: localInputOfMs(t.endMs + 60_000, zone) });
      },
    };
  }, [kept, names, vehicleId, zone]);
  return (
    <ReviewDriversContext.Provider value={value}>
      {form && (
        <div className="review-assign" data-testid="review-assign">
          <h2>Assign this trip's driver</h2>
          <AssignmentFormPanel
            key={JSON.stringify(form)}
            carrierId={carrierId}
            zone={zone}
            names={names}
            kept={kept}
            seed={form}
            onDone={(text) => {
              setSaved(text);
              setForm(null);
            }}
          />
        </div>
      )}
      {saved && (
        <p role="status" className="muted" data-testid="review-assign-saved">
          {saved}
        </p>
      )}
      {children}
    </ReviewDriversContext.Provider>
  );
}

/** A trip row's driver line and its "Assign this trip's driver"; nothing outside a ReviewDriversProvider. */
export function TripDriver({ trip }: { trip: Pick<Trip, 'startMs' | 'endMs'> }) {
  const drivers = useContext(ReviewDriversContext);
  if (!drivers) return null;
  const d = drivers.ofTrip(trip);
  return (
    <span className="row-driver" data-testid="trip-driver" data-driver-id={d.driverId ?? ''} data-changed={d.changed}>
      <span className={d.driverId === null ? 'muted' : ''}>{d.label}</span>{' '}
      <button
        type="button"
        className="btn btn-small"
        data-testid="trip-assign"
        onClick={() => drivers.assignTrip(trip)}
      >
        Assign this trip's driver
      </button>
    </span>
  );
}

/** An event row's driver; nothing outside a ReviewDriversProvider. */
export function EventDriver({ event }: { event: Pick<SafetyEvent, 'startMs'> }) {
  const drivers = useContext(ReviewDriversContext);
  if (!drivers) return null;
  const d = drivers.ofEvent(event);
  return (
    <span
      className={`row-driver${d.driverId === null ? ' muted' : ''}`}
      data-testid="event-driver"
      data-driver-id={d.driverId ?? ''}
    >
      {d.label}
    </span>
  );
}
