import type { CarrierView, DriverRow, FleetSnapshot } from '../../../shared/domain/carrier.ts';

/**
 * The app's regular driver-status snapshots: every `minutes`, each carrier with a Company Key has its
 * drivers fetched (through the backend, so the one rate limiter and the fleet cache apply) and kept. A
 * fetch that fails (offline, a refused key) is skipped quietly: the next tick tries again. A carrier whose
 * fetch is still running is not asked again, so one carrier never has two fetches at once.
 */
export interface DriverSnapshotDeps {
  fetchDrivers(carrierId: string): Promise<FleetSnapshot<DriverRow>>;
  save(snapshot: FleetSnapshot<DriverRow>): Promise<void>;
  /** The carriers now (read at each tick: carriers added or removed since are seen). */
  carriers(): readonly CarrierView[];
  /** Told after each carrier's attempt (a small status, a test). */
  onResult?(carrierId: string, outcome: 'kept' | 'failed'): void;
}

export interface DriverSnapshotPoller {
  /** A new interval: the next tick comes that long after the last one (at once when that is past). */
  setMinutes(minutes: number): void;
  /** The carriers changed: one added since the first tick (a demo, a new key) is kept shortly, not an interval later. */
  carriersChanged(): void;
  stop(): void;
}

export function startDriverSnapshots(
  deps: DriverSnapshotDeps,
  options: { minutes: number; firstDelayMs: number },
): DriverSnapshotPoller {
  let periodMs = options.minutes * 60_000;
  let lastTickAt: number | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let newcomerTimer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const running = new Set<string>();
  /** Carriers asked at least once: the others are newcomers. */
  const asked = new Set<string>();

  const schedule = (delayMs: number) => {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(tick, Math.max(0, delayMs));
  };
  const keep = async (carrierId: string) => {
    running.add(carrierId);
    asked.add(carrierId);
    try {
      await deps.save(await deps.fetchDrivers(carrierId));
      deps.onResult?.(carrierId, 'kept');
    } catch {
      deps.onResult?.(carrierId, 'failed');
    } finally {
      running.delete(carrierId);
    }
  };
  function tick() {
    lastTickAt = Date.now();
    schedule(periodMs);
    for (const c of deps.carriers()) if (c.hasCompanyKey && !running.has(c.id)) void keep(c.id);
  }

  const keepNewcomers = () => {
    for (const c of deps.carriers()) if (c.hasCompanyKey && !asked.has(c.id) && !running.has(c.id)) void keep(c.id);
  };

  schedule(options.firstDelayMs);
  return {
    setMinutes(minutes) {
      const next = minutes * 60_000;
      if (next === periodMs) return;
      periodMs = next;
      if (lastTickAt !== null) schedule(lastTickAt + periodMs - Date.now());
    },
    carriersChanged() {
      // Before the first tick every carrier is a newcomer: that tick keeps them all.
      if (lastTickAt === null || stopped) return;
      clearTimeout(newcomerTimer);
      newcomerTimer = setTimeout(keepNewcomers, options.firstDelayMs);
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(newcomerTimer);
    },
  };
}
