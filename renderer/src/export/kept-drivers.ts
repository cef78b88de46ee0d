import type { DriversData } from '../../../shared/export/drivers-data.ts';
import { rosterNames } from '../features/drivers/names.ts';
import { keptDrivers } from '../store/assignments.ts';

/**
 * Who drove, for an export or an audit bundle: the carrier's kept assignments and the names of its drivers
 * as last kept (the roster each fleet fetch keeps). Undefined when the carrier has no assignment kept: then
 * every file is exactly as it was before drivers existed.
 */
export async function keptDriversData(carrierId: string): Promise<DriversData | undefined> {
  const { assignments, drivers } = await keptDrivers(carrierId);
  if (assignments.length === 0) return undefined;
  return { assignments, names: rosterNames(drivers, []).drivers };
}
