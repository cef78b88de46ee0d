import type { AnalysisParams } from '../../../shared/analysis/types.ts';
import type { WireVehicle } from '../../../shared/api/wire.ts';
import type { ApiClient } from '../api/index.ts';
import { UsageError } from './args.ts';
import type { ExportFormat } from './export-formats.ts';

/** `--vehicle all`: every vehicle of the carrier in one file, for scripted weekly reports. */
export const ALL_VEHICLES = 'all';

export function isAllVehicles(ref: string): boolean {
  return ref.trim().toLowerCase() === ALL_VEHICLES;
}

/** Only the analysis CSVs concatenate into one table; breadcrumbs stay one file per vehicle. */
export function checkAllVehiclesFormat(format: ExportFormat): asserts format is 'trips' | 'events' {
  if (format === 'trips' || format === 'events') return;
  throw new UsageError(
    `--vehicle all writes every vehicle's trips or events into one CSV (--format trips or events); --format ${format} is one vehicle's breadcrumbs: give a vehicle id, unit number or VIN.`,
  );
}

const byNumber = new Intl.Collator('en-US', { numeric: true });

/** The carrier's roster in the order the file lists it: unit numbers as a person sorts them, then VIN. */
export async function rosterInOrder(client: ApiClient): Promise<WireVehicle[]> {
  const { records } = await client.vehicles({ limit: 1000 });
  return [...records].sort((a, b) => byNumber.compare(a.number, b.number) || a.vin.localeCompare(b.vin));
}

/**
 * One vehicle's CSV text without its header line (the first vehicle's header heads the file),
 * so the file is exactly the per-vehicle exports concatenated.
 */
export function splitHeader(text: string): { header: string; rows: string } {
  const end = text.indexOf('\n');
  return end < 0 ? { header: text, rows: '' } : { header: text.slice(0, end + 1), rows: text.slice(end + 1) };
}

export interface AllVehiclesQuery {
  format: 'trips' | 'events';
  params: AnalysisParams;
}
