/**
 * A lake's day partitions are its carriers' home-zone days: a carrier whose
 * `home_zone` changed since the lake was written would shift every day's
 * boundaries, so its files would no longer mean one local day. Refused before
 * anything is asked or written; a new zone means a new lake (docs/lake.md).
 */
import { UsageError } from '../cli/args.ts';
import type { LakeManifest } from '../../../shared/lake/manifest.ts';

interface ZonedCarrier {
  label: string;
  name: string;
  homeZone: string;
}

const refusal = (who: string, kept: string, asked: string): UsageError =>
  new UsageError(
    `${who}: its home zone was ${kept} in this lake and is now ${asked}; a lake's days are that zone's days, so sync it into a new lake (--out) instead.`,
  );

/** Before any request: the carriers file's rows matched to the lake's carriers by name. */
export function refuseChangedZonesByName(manifest: LakeManifest | null, carriers: readonly ZonedCarrier[]): void {
  for (const c of carriers) {
    const kept = manifest?.carriers.find((m) => m.name === c.name);
    if (kept && kept.homeZone !== c.homeZone) throw refusal(c.label, kept.homeZone, c.homeZone);
  }
}

/** After the company-info, before any history request: matched by partition (a carrier renamed in the file). */
export function refuseChangedZone(manifest: LakeManifest, partition: string, c: ZonedCarrier): void {
  const kept = manifest.carriers.find((m) => m.carrier === partition);
  if (kept && kept.homeZone !== c.homeZone)
    throw refusal(`${c.label} (carrier=${partition})`, kept.homeZone, c.homeZone);
}
