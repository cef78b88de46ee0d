import type { CarrierView } from '../domain/carrier.ts';
import type { GpxMeta } from './gpx.ts';
import type { DayChunk } from '../track/types.ts';
import type { UtcDay } from '../util/day.ts';

/**
 * The GPX audit facts, filled the way the CLI fills them: the carrier's legal
 * name and USDOT number from company-info (remembered by the backend, so this
 * works offline). Without a remembered profile the user's label stands in,
 * marked as such so no one takes it for the legal name, and the writer states
 * the DOT number as unknown.
 */
export function auditMeta(carrier: CarrierView | undefined, chunks: readonly DayChunk[], from: UtcDay, to: UtcDay): Omit<GpxMeta, 'generatedAt'> {
  const company = carrier?.company ?? null;
  const carrierName = company && company.name.trim() !== '' ? company.name : carrier ? `${carrier.label} (name entered in RouteLens)` : '';
  return { carrierName, dotNumber: company?.dotNumber ?? '', vehicleNumber: chunks[0]?.vehicleNumber ?? '', vin: chunks[0]?.vin ?? '', from, to };
}
