import { motionFromChunks } from '../../../../shared/drivers/motion.ts';
import { suggestAssignments } from '../../../../shared/drivers/suggestions.ts';
import type { Assignment, AssignmentSuggestion } from '../../../../shared/drivers/types.ts';
import type { DayChunk } from '../../../../shared/track/types.ts';
import { DAY_MS, dayOfMs } from '../../../../shared/util/day.ts';
import { driverSamples } from '../../store/assignments.ts';
import { coverageOf, readDay } from '../../store/reads.ts';
import type { CoverageRow } from '../../store/types.ts';
import { drivingDays, SUGGESTION_DAYS } from './suggestion-days.ts';

/**
 * Suggestions from the kept snapshots of the last SUGGESTION_DAYS and the stored readings of those days.
 * `vehicleIds`: the carrier's active vehicles and those with stored days. One not downloaded at a
 * snapshot's time is "unknown" there, so it keeps a suggestion from naming another truck; one downloaded
 * but silent then (parked, engine off) is still, as the stored coverage says.
 */
export async function loadSuggestions(input: {
  carrierId: string;
  vehicleIds: readonly string[];
  assignments: readonly Assignment[];
  now: number;
}): Promise<AssignmentSuggestion[]> {
  const { carrierId, vehicleIds, assignments, now } = input;
  const samples = await driverSamples(carrierId, now - SUGGESTION_DAYS * DAY_MS, now);
  const days = drivingDays(samples);
  if (days.length === 0) return [];
  const byVehicle = new Map<string, DayChunk[]>();
  const covered = new Map<string, CoverageRow>();
  for (const vehicleId of vehicleIds) {
    const stored = await Promise.all(days.map((day) => readDay(carrierId, vehicleId, day)));
    const chunks = stored.flatMap((d) => (d ? [d.chunk] : []));
    if (chunks.length > 0) byVehicle.set(vehicleId, chunks);
    for (const row of await coverageOf(carrierId, vehicleId, days[0]!, days[days.length - 1]!))
      covered.set(`${vehicleId}|${row.day}`, row);
  }
  const coverage = (vehicleId: string, ms: number) => {
    const row = covered.get(`${vehicleId}|${dayOfMs(ms)}`);
    // A partial day (today's) covers only up to its fetch.
    return row !== undefined && (row.state === 'complete' || ms <= row.fetchedAt);
  };
  return suggestAssignments({
    carrierId,
    samples,
    vehicleIds,
    motion: motionFromChunks(byVehicle, coverage),
    assignments,
  });
}
