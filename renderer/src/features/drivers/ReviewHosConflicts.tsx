import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { Trip } from '../../../../shared/analysis/types.ts';
import { createAttributor } from '../../../../shared/drivers/attribution.ts';
import { hosConflictText, probableHosConflicts } from '../../../../shared/drivers/hos-conflicts.ts';
import { MOTION_RULE, motionFromChunks } from '../../../../shared/drivers/motion.ts';
import type { ProbableHosConflict } from '../../../../shared/drivers/types.ts';
import type { DayChunk } from '../../../../shared/track/types.ts';
import type { ZoneFormatter } from '../../../../shared/time/zone.ts';
import { driverSamples } from '../../store/assignments.ts';
import { useLive } from '../../store/hooks.ts';
import { useAssignments, useStoredNames } from './use-assignments.ts';

/** A probable conflict as the Review shows it: the sentence (probable, with the snapshot's time and values). */
export interface ShownHosConflict {
  conflict: ProbableHosConflict;
  text: string;
}

const ReviewHosConflictsContext = createContext<readonly ShownHosConflict[]>([]);

/**
 * The span of kept snapshots a selection's readings can judge: its first to last reading, widened by the
 * motion rule's window (a snapshot taken a minute after the last stored reading of a moving truck counts).
 */
function spanOf(chunks: readonly DayChunk[]): [number, number] | null {
  const filled = chunks.filter((c) => c.length > 0);
  if (filled.length === 0) return null;
  const first = Math.min(...filled.map((c) => c.t[0]!));
  const last = Math.max(...filled.map((c) => c.t[c.length - 1]!));
  return [first - MOTION_RULE.movingWindowMs, last + MOTION_RULE.movingWindowMs];
}

/**
 * The probable HOS conflicts of the Review's vehicle over its selection: the carrier's kept driver snapshots
 * in the selection's span, the carrier's assignments (who drove this truck then) and the truck's own loaded
 * readings (whether it was moving), by shared/drivers/hos-conflicts.ts. Re-read when snapshots or
 * assignments are kept; nothing without either.
 */
export function ReviewHosConflictsProvider({
  carrierId,
  vehicleId,
  vehicleNumber,
  zone,
  chunks,
  children,
}: {
  carrierId: string;
  vehicleId: string;
  vehicleNumber: string;
  /** The carrier's home zone: the snapshot's time is printed on its clock. */
  zone: string;
  chunks: readonly DayChunk[];
  children: ReactNode;
}) {
  const span = useMemo(() => spanOf(chunks), [chunks]);
  const samples = useLive(
    async () => (span ? driverSamples(carrierId, span[0], span[1]) : []),
    [carrierId, span?.[0], span?.[1]],
  );
  const assignments = useAssignments(carrierId);
  const names = useStoredNames(carrierId);
  const shown = useMemo((): ShownHosConflict[] => {
    if (!samples || !assignments || samples.length === 0 || assignments.length === 0) return [];
    const conflicts = probableHosConflicts({
      carrierId,
      samples,
      attributor: createAttributor(assignments),
      motion: motionFromChunks(new Map([[vehicleId, chunks]])),
      vehicleIds: [vehicleId],
    });
    return conflicts.map((conflict) => ({
      conflict,
      text: hosConflictText(conflict, names.driverById, vehicleNumber, zone),
    }));
  }, [samples, assignments, names, carrierId, vehicleId, vehicleNumber, zone, chunks]);
  return <ReviewHosConflictsContext.Provider value={shown}>{children}</ReviewHosConflictsContext.Provider>;
}

type TripSpan = Pick<Trip, 'startMs' | 'endMs'>;

/**
 * The trip a snapshot falls in (index into `trips`, -1 for none): the one whose readings reach it, else the
 * nearest one it is within the motion rule's window of (a snapshot taken seconds after a trip's last stored
 * reading, the truck still moving, is that trip's).
 */
export function tripIndexOf(trips: readonly TripSpan[], ms: number): number {
  let best = -1;
  let bestDistance = Infinity;
  trips.forEach((t, k) => {
    const distance = ms < t.startMs ? t.startMs - ms : ms > t.endMs ? ms - t.endMs : 0;
    if (distance <= MOTION_RULE.movingWindowMs && distance < bestDistance) {
      best = k;
      bestDistance = distance;
    }
  });
  return best;
}

/** A trip row's probable HOS conflicts (those falling in it, by tripIndexOf); nothing when none. */
export function TripHosConflicts({ trip, trips }: { trip: TripSpan; trips: readonly TripSpan[] }) {
  const shown = useContext(ReviewHosConflictsContext).filter(
    (s) => trips[tripIndexOf(trips, s.conflict.atMs)] === trip,
  );
  if (shown.length === 0) return null;
  return (
    <ul className="row-hos-conflicts">
      {shown.map((s) => (
        <li key={`${s.conflict.atMs}|${s.conflict.driverId}`} className="alert-warning" data-testid="trip-hos-conflict">
          {s.text}
        </li>
      ))}
    </ul>
  );
}

/**
 * The event list's "Probable HOS conflict" rows, in time order, each naming the trip it falls in (or saying
 * it falls in none: the truck moved between two trips' readings); a click seeks playback to the snapshot.
 */
export function HosConflictRows({
  trips,
  fmt,
  onSeek,
}: {
  trips: readonly TripSpan[];
  fmt: ZoneFormatter;
  onSeek: (ms: number) => void;
}) {
  const shown = useContext(ReviewHosConflictsContext);
  return shown.map((s) => {
    const k = tripIndexOf(trips, s.conflict.atMs);
    const trip = k >= 0 ? trips[k] : undefined;
    return (
      <li key={`hos-${s.conflict.atMs}|${s.conflict.driverId}`}>
        <button
          type="button"
          data-testid="hos-conflict-row"
          data-at-ms={s.conflict.atMs}
          data-driver-id={s.conflict.driverId}
          data-trip-start-ms={trip?.startMs}
          onClick={() => onSeek(s.conflict.atMs)}
        >
          <span className="row-title event-hos-conflict">Probable HOS conflict</span>
          <span className="row-sub" data-testid="hos-conflict-text">
            {s.text}
          </span>
          <span className="row-sub muted">
            {fmt.dateTimeZoned(s.conflict.atMs)} · {trip ? `during Trip ${k + 1}` : 'between trips'} · from the
            ELD&apos;s own clocks, not a violation
          </span>
        </button>
      </li>
    );
  });
}
