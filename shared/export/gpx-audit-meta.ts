import type { CarrierView } from '../domain/carrier.ts';
import type { LocalDay } from '../time/local-day.ts';
import type { DayChunk } from '../track/types.ts';
import type { ExportContext } from './context.ts';
import type { GpxMeta } from './gpx.ts';

/** Everything the app's exports need besides the readings: the GPX metadata and the CSVs' identity and zone. */
export type ExportMeta = GpxMeta & ExportContext;

/**
 * The audit facts, filled the way the CLI fills them: the carrier's legal
 * name and USDOT number from company-info (remembered by the backend, so this
 * works offline). Without a remembered profile the user's label stands in,
 * marked as such so no one takes it for the legal name, and the writer states
 * the DOT number as unknown. Local times and trip ids use the carrier's home
 * zone; `dayZone` says whose calendar days from/to and the chunks are
 * (UTC days, or the home zone's local days of shared/track/local-days.ts).
 */
export function auditMeta(
  carrier: CarrierView | undefined,
  chunks: readonly DayChunk[],
  from: LocalDay,
  to: LocalDay,
  dayZone = 'UTC',
): Omit<ExportMeta, 'generatedAt'> {
  const company = carrier?.company ?? null;
  const carrierName =
    company && company.name.trim() !== ''
      ? company.name
      : carrier
        ? `${carrier.label} (name entered in RouteLens)`
        : '';
  return {
    carrierName,
    dotNumber: company?.dotNumber ?? '',
    vehicleId: chunks[0]?.vehicleId ?? '',
    vehicleNumber: chunks[0]?.vehicleNumber ?? '',
    vin: chunks[0]?.vin ?? '',
    zone: carrier?.homeZone ?? 'UTC',
    from,
    to,
    dayZone,
  };
}
