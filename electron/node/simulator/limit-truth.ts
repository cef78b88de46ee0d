import { opDayOf } from './vehicle-sim.ts';
import { opDaySim, type SimVehicleRef } from './vehicle-days.ts';

/**
 * The simulator's own record of when a truck drove over its posted limit:
 * from the limit of the road it was on when each reading was taken
 * (OpDaySim.limitMph), not from any map matching. A run is consecutive
 * readings at least `toleranceMph` over, first to last at least `minSeconds`
 * apart, two readings or more: the rule RouteLens applies, so a matcher that
 * finds every reading's road reproduces these runs exactly.
 */
export interface OverLimitRun {
  startMs: number;
  endMs: number;
  /** Highest speed minus the limit where it was reached. */
  peakOverMph: number;
  /** The limit at the peak reading. */
  limitMph: number;
  readings: number;
}

export interface OverLimitRule {
  toleranceMph: number;
  minSeconds: number;
}

export const DEMO_OVER_LIMIT_RULE: OverLimitRule = { toleranceMph: 6, minSeconds: 60 };

/** The truck's over-limit runs among its readings at times in [fromMs, toMs). */
export function overLimitTruth(
  v: SimVehicleRef,
  fromMs: number,
  toMs: number,
  rule: OverLimitRule = DEMO_OVER_LIMIT_RULE,
): OverLimitRun[] {
  const runs: OverLimitRun[] = [];
  let open: OverLimitRun | null = null;
  const close = () => {
    if (open && open.readings >= 2 && open.endMs - open.startMs >= rule.minSeconds * 1000) runs.push(open);
    open = null;
  };
  for (let k = opDayOf(fromMs); k <= opDayOf(toMs - 1); k++) {
    const sim = opDaySim(v, k);
    if (!sim) continue;
    for (let i = 0; i < sim.n; i++) {
      if (sim.t[i]! < fromMs || sim.t[i]! >= toMs) continue;
      // The time as the API serves it: whole seconds, the fraction dropped (vehicle-days.ts).
      const t = Math.floor(sim.t[i]! / 1000) * 1000;
      const over = sim.speed[i]! - sim.limitMph[i]!;
      if (!(over >= rule.toleranceMph)) {
        close();
        continue;
      }
      open ??= { startMs: t, endMs: t, peakOverMph: over, limitMph: sim.limitMph[i]!, readings: 0 };
      open.endMs = t;
      open.readings++;
      if (over > open.peakOverMph) {
        open.peakOverMph = over;
        open.limitMph = sim.limitMph[i]!;
      }
    }
  }
  close();
  return runs;
}
