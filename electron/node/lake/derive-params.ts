/**
 * What the derived tables are computed with, as `lake sync` records it in
 * `_lake.json`: the analysis parameters, the road limits' identity (each
 * file's name and SHA-256, so a rebuilt index or an edited zones file counts
 * as a change, a moved one does not) and one key over both. A vehicle-day
 * whose rows were written with another key is derived again.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { RoadLimits } from '../../../shared/analysis/over-limit-events.ts';
import type { AnalysisParams } from '../../../shared/analysis/types.ts';
import type { LakeManifest, RoadLimitsIdentity } from '../../../shared/lake/manifest.ts';
import { stringFlag, type ParsedArgs } from '../cli/args.ts';

export interface DeriveSettings {
  params: AnalysisParams;
  roads: RoadLimits | undefined;
  roadLimits: RoadLimitsIdentity | null;
  key: string;
}

/** The road limits' identity from the flags `parseRoadLimitFlags` accepted (null without road limits). */
export async function roadLimitsIdentity(
  args: ParsedArgs,
  roads: RoadLimits | undefined,
): Promise<RoadLimitsIdentity | null> {
  if (!roads) return null;
  const file = stringFlag(args, 'road-limits');
  const zones = stringFlag(args, 'speed-zones');
  const tolerance = stringFlag(args, 'speed-tolerance');
  const minSeconds = stringFlag(args, 'speed-min-seconds');
  return {
    ...(file !== undefined ? { file: await fileIdentity(file) } : {}),
    ...(zones !== undefined ? { zones: await fileIdentity(zones) } : {}),
    ...(tolerance !== undefined ? { toleranceMph: Number(tolerance) } : {}),
    ...(minSeconds !== undefined ? { minSeconds: Number(minSeconds) } : {}),
  };
}

export function deriveSettings(
  params: AnalysisParams,
  roads: RoadLimits | undefined,
  roadLimits: RoadLimitsIdentity | null,
): DeriveSettings {
  return { params, roads, roadLimits, key: deriveKey(params, roadLimits) };
}

/** 16 hex digits of a SHA-256 over the parameters (in a fixed key order) and the road limits' identity. */
export function deriveKey(params: AnalysisParams, roadLimits: RoadLimitsIdentity | null): string {
  const ordered = Object.fromEntries(Object.entries(params).sort(([a], [b]) => (a < b ? -1 : 1)));
  return createHash('sha256')
    .update(JSON.stringify({ params: ordered, roadLimits }))
    .digest('hex')
    .slice(0, 16);
}

async function fileIdentity(file: string): Promise<{ name: string; sha256: string }> {
  const hash = createHash('sha256');
  for await (const piece of createReadStream(file)) hash.update(piece as Buffer);
  return { name: path.basename(file), sha256: hash.digest('hex') };
}

/** The manifest takes this run's parameters; other ones than its own mean every day is derived again, said once. */
export function adoptDeriveSettings(manifest: LakeManifest, derive: DeriveSettings, log: (line: string) => void): void {
  if (manifest.derivedKey !== undefined && manifest.derivedKey !== derive.key)
    log(
      "The analysis parameters or road limits differ from the ones this lake was derived with: every vehicle-day's trips, events and days are derived again (breadcrumbs are kept).",
    );
  manifest.params = derive.params;
  manifest.roadLimits = derive.roadLimits;
  manifest.derivedKey = derive.key;
}
