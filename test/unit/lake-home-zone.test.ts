import { describe, expect, it } from 'vitest';
import { refuseChangedZone, refuseChangedZonesByName } from '../../electron/node/lake/home-zone.ts';
import { UsageError } from '../../electron/node/cli/args.ts';
import type { LakeManifest } from '../../shared/lake/manifest.ts';

const manifest = {
  carriers: [
    { name: 'Prairie Line', carrier: '3148272', dotNumber: '3148272', homeZone: 'America/Chicago', vehicles: {} },
  ],
} as unknown as LakeManifest;
const row = (name: string, homeZone: string) => ({ label: `Row 2 (${name})`, name, homeZone });

describe('a carrier whose home zone changed', () => {
  it('is refused by name before any request, naming the row and both zones', () => {
    expect(() => refuseChangedZonesByName(manifest, [row('Prairie Line', 'America/Denver')])).toThrow(
      new UsageError(
        "Row 2 (Prairie Line): its home zone was America/Chicago in this lake and is now America/Denver; a lake's days are that zone's days, so sync it into a new lake (--out) instead.",
      ),
    );
  });

  it('is refused by partition when renamed in the carriers file', () => {
    expect(() => refuseChangedZone(manifest, '3148272', row('Prairie Line LLC', 'America/Denver'))).toThrow(
      /^Row 2 \(Prairie Line LLC\) \(carrier=3148272\): its home zone was America\/Chicago in this lake and is now America\/Denver;/,
    );
  });

  it('passes the same zone, a new carrier and a new lake', () => {
    expect(() => refuseChangedZonesByName(manifest, [row('Prairie Line', 'America/Chicago')])).not.toThrow();
    expect(() => refuseChangedZonesByName(manifest, [row('Blue Ridge', 'America/New_York')])).not.toThrow();
    expect(() => refuseChangedZonesByName(null, [row('Prairie Line', 'America/Denver')])).not.toThrow();
    expect(() => refuseChangedZone(manifest, '2297514', row('Prairie Line', 'America/Denver'))).not.toThrow();
  });
});
