import { createAttributor } from './attribution.ts';
import type { Assignment, AssignmentSuggestion, DriverStatusSample, MotionAt } from './types.ts';

export interface SuggestionInput {
  carrierId: string;
  samples: readonly DriverStatusSample[];
  /** The carrier's vehicles: the only candidates. */
  vehicleIds: readonly string[];
  motion: MotionAt;
  assignments: readonly Assignment[];
}

/**
 * Which truck a driver probably drove, from their kept status snapshots: offered, never applied.
 *
 * Rule: a driver's Driving (DS_D) snapshots that no assignment already covers (no vehicle's attribution at
 * that time names the driver) are taken in time order. At each, the candidates are the vehicles moving or
 * of unknown motion then. The candidates are intersected snapshot after snapshot; when the intersection
 * would become empty the run ends and a new one starts at that snapshot (a driver may change trucks, and a
 * suggestion covers one consistent run). A run suggests its vehicle when its intersection is exactly one
 * vehicle, known 'moving' (not unknown) at every snapshot of the run, over at least 2 snapshots at 2
 * distinct times. The latest such run per driver is offered, unless that vehicle has a dated assignment to
 * someone else at one of the run's times. Limits: a vehicle without stored readings stays a candidate
 * (unknown), so a fleet with trucks not downloaded for those times gets no suggestion — never a wrong one.
 */
export function suggestAssignments(input: SuggestionInput): AssignmentSuggestion[] {
  const assignments = input.assignments.filter((a) => a.carrierId === input.carrierId);
  const attributor = createAttributor(assignments);
  const vehicleIds = [...new Set([...input.vehicleIds])];
  const assignedVehicles = [...new Set(assignments.map((a) => a.vehicleId))];
  // Snapshots are fetched for every driver at once, so each time's candidates are shared by all drivers.
  const candidatesAt = memoByTime((ms) => vehicleIds.filter((v) => input.motion(v, ms) !== 'still'));
  const movingAt = memoByTime((ms) => new Set(vehicleIds.filter((v) => input.motion(v, ms) === 'moving')));
  const driversAt = memoByTime((ms) => {
    const names = new Set<string>();
    for (const v of assignedVehicles) {
      const a = attributor.at(v, ms);
      if (a.kind !== 'unassigned') names.add(a.driverId);
    }
    return names;
  });

  const out: AssignmentSuggestion[] = [];
  for (const [driverId, samples] of drivingSamplesByDriver(input.samples)) {
    const open = samples.filter((s) => !driversAt(s.takenAt).has(driverId)).map((s) => s.takenAt);
    let best: AssignmentSuggestion | null = null;
    for (const run of runsOf(open, candidatesAt)) {
      if (run.vehicles.length !== 1) continue;
      const vehicleId = run.vehicles[0]!;
      if (run.times.length < 2 || new Set(run.times).size < 2) continue;
      if (!run.times.every((t) => movingAt(t).has(vehicleId))) continue;
      const takenByOther = run.times.some((t) => {
        const a = attributor.at(vehicleId, t);
        return a.kind === 'dated' && a.driverId !== driverId;
      });
      if (takenByOther) continue;
      best = {
        carrierId: input.carrierId,
        driverId,
        vehicleId,
        matches: run.times.length,
        firstMs: run.times[0]!,
        lastMs: run.times[run.times.length - 1]!,
      };
    }
    if (best) out.push(best);
  }
  return out.sort((a, b) => (a.driverId < b.driverId ? -1 : a.driverId > b.driverId ? 1 : 0));
}

function drivingSamplesByDriver(samples: readonly DriverStatusSample[]): Map<string, DriverStatusSample[]> {
  const out = new Map<string, DriverStatusSample[]>();
  for (const s of samples) {
    if (s.status !== 'DS_D' || !Number.isFinite(s.takenAt)) continue;
    const list = out.get(s.driverId);
    if (list) list.push(s);
    else out.set(s.driverId, [s]);
  }
  for (const list of out.values()) list.sort((a, b) => a.takenAt - b.takenAt);
  return out;
}

interface Run {
  times: number[];
  /** The vehicles every snapshot of the run allowed. */
  vehicles: string[];
}

/** Consecutive snapshots whose candidates keep a non-empty intersection, in time order. */
function runsOf(times: readonly number[], candidatesAt: (ms: number) => string[]): Run[] {
  const runs: Run[] = [];
  let run: Run | null = null;
  for (const t of times) {
    const candidates = candidatesAt(t);
    const narrowed: string[] = run ? run.vehicles.filter((v) => candidates.includes(v)) : [];
    if (run && narrowed.length > 0) {
      run.times.push(t);
      run.vehicles = narrowed;
      continue;
    }
    // A snapshot with no candidate at all (Driving while no vehicle of the fleet could be moving) starts nothing.
    run = candidates.length > 0 ? { times: [t], vehicles: candidates } : null;
    if (run) runs.push(run);
  }
  return runs;
}

function memoByTime<T>(compute: (ms: number) => T): (ms: number) => T {
  const memo = new Map<number, T>();
  return (ms) => {
    let v = memo.get(ms);
    if (v === undefined) {
      v = compute(ms);
      memo.set(ms, v);
    }
    return v;
  };
}
