import { motionFromChunks } from '../../../../shared/drivers/motion.ts';
import { suggestAssignments } from '../../../../shared/drivers/suggestions.ts';
import type { Assignment, AssignmentSuggestion } from '../../../../shared/drivers/types.ts';
import type { DayChunk } from '../../../../shared/track/types.ts';
import { DAY_MS } from '../../../../shared/util/day.ts';
import { driverSamples } from '../../store/assignments.ts';
import { readDay } from '../../store/reads.ts';
import { drivingDays, SUGGESTION_DAYS } from './suggestion-days.ts';

/**
 * Suggestions from the kept snapshots of the last SUGGESTION_DAYS and the stored readings of those days.
 * `vehicleIds`: every vehicle of the carrier (the roster's and those with stored days): one without
 * readings at a snapshot's time is "unknown" there, so it keeps a suggestion from naming another truck.
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
  for (const vehicleId of vehicleIds) {
    const stored = await Promise.all(days.map((day) => readDay(carrierId, vehicleId, day)));
    const chunks = stored.flatMap((d) => (d ? [d.chunk] : []));
    if (chunks.length > 0) byVehicle.set(vehicleId, chunks);
  }
  return suggestAssignments({ carrierId, samples, vehicleIds, motion: motionFromChunks(byVehicle), assignments });
}
