import { describe, expect, it } from 'vitest';
import { auditMeta } from '../../shared/export/gpx-audit-meta.ts';
import type { CarrierView } from '../../shared/domain/carrier.ts';
import { GPX_UNKNOWN, gpxPieces } from '../../shared/export/gpx.ts';
import { generateRandomTrack, toDayChunks } from '../support/tracks.ts';
import { carrierView } from '../support/carrier-view.ts';

const base = carrierView();
const chunks = toDayChunks('veh-1', generateRandomTrack(2, 7));
const day = chunks[0]!.day;

function metadataOf(carrier: CarrierView | undefined): string {
  const xml = [...gpxPieces({ chunks, meta: { ...auditMeta(carrier, chunks, day, day), generatedAt: 0 } })].join('');
  return /<metadata>([\s\S]*?)<\/metadata>/.exec(xml)![1]!;
}

describe('GPX audit metadata of app exports', () => {
  it("uses the remembered legal name and DOT number, as the CLI does, not the user's label", () => {
    const dot = String(1_000_000 + Math.floor(Math.random() * 8_999_999));
    const carrier = {
      ...base,
      company: { name: 'Legal Name Trucking Inc', dotNumber: dot, fetchedAt: '2026-11-19T08:00:00.000Z' },
    };
    const meta = auditMeta(carrier, chunks, day, day);
    expect(meta).toMatchObject({
      carrierName: 'Legal Name Trucking Inc',
      dotNumber: dot,
      vehicleId: 'veh-1',
      vehicleNumber: chunks[0]!.vehicleNumber,
      vin: chunks[0]!.vin,
      zone: 'America/Chicago',
      dayZone: 'UTC',
    });
    const md = metadataOf(carrier);
    expect(md).toContain(`Carrier: Legal Name Trucking Inc. USDOT: ${dot}.`);
    expect(md).not.toContain(base.label);
  });

  it('without a remembered profile: the label, marked as not the legal name, and the DOT number stated as unknown', () => {
    const md = metadataOf(base);
    expect(md).toContain(`Carrier: ${base.label} (name entered in RouteLens).`);
    expect(md).toContain(`USDOT: ${GPX_UNKNOWN}.`);
    expect(metadataOf(undefined)).toContain(`Carrier: ${GPX_UNKNOWN}.`);
  });
});
