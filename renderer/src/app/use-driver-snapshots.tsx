import { useEffect, useRef } from 'react';
import { saveFleetSnapshot } from '../store/snapshots.ts';
import { useAppState } from './app-state.tsx';
import { startDriverSnapshots, type DriverSnapshotPoller } from './driver-snapshots.ts';

/** The first snapshot comes shortly after start, once the first screen has loaded what it needs. */
export const FIRST_SNAPSHOT_DELAY_MS = 5_000;

/**
 * Keeps every carrier's driver statuses while the app runs (driver-snapshots.ts), at the interval the
 * preferences say (driverSnapshotMinutes), re-read when it changes.
 */
export function useDriverSnapshots(firstDelayMs = FIRST_SNAPSHOT_DELAY_MS): void {
  const { api, carriers, preferences } = useAppState();
  const carriersRef = useRef(carriers);
  const minutesRef = useRef(preferences.driverSnapshotMinutes);
  const poller = useRef<DriverSnapshotPoller | null>(null);
  useEffect(() => {
    carriersRef.current = carriers;
    poller.current?.carriersChanged();
  }, [carriers]);

  useEffect(() => {
    const p = startDriverSnapshots(
      {
        // Not forced: an answer the fleet screen fetched seconds ago is reused (saveFleetSnapshot skips it).
        fetchDrivers: (carrierId) => api.fleet.drivers(carrierId, false),
        save: (snapshot) => saveFleetSnapshot(snapshot, 'drivers'),
        carriers: () => carriersRef.current,
      },
      { minutes: minutesRef.current, firstDelayMs },
    );
    poller.current = p;
    return () => p.stop();
  }, [api, firstDelayMs]);

  useEffect(() => {
    minutesRef.current = preferences.driverSnapshotMinutes;
    poller.current?.setMinutes(preferences.driverSnapshotMinutes);
  }, [preferences.driverSnapshotMinutes]);
}

/** Mounted once in the booted app: renders nothing. */
export function DriverSnapshotKeeper({ firstDelayMs }: { firstDelayMs?: number }) {
  useDriverSnapshots(firstDelayMs);
  return null;
}
