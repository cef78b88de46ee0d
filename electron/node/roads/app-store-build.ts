/**
 * A received file made into a road index for the app: a built `.rlidx` is decoded (to check it) and kept
 * as is; an OpenStreetMap extract is built in two passes. Every failure becomes one sentence naming the
 * user's file (never the temporary path it was received to).
 */
import { closeSync, openSync, readSync } from 'node:fs';
import type { RoadLimitsCounts } from '../../../shared/ipc/roads-contract.ts';
import type { RoadIndex } from '../../../shared/roads/types.ts';
import { buildRoadIndexFromFile, type BuildCounts, type BuildProgress } from './build.ts';
import { sniffOsmFormat } from './osm-read.ts';
import { isRoadIndexFile, readRoadIndex } from './rlidx.ts';

export interface ReceivedIndex {
  index: RoadIndex;
  counts: RoadLimitsCounts;
  /** True when the file was a built index: its bytes can be kept as they are. */
  prebuilt: boolean;
}

/** The name the user knows the file by, in place of the temporary path, in the error's text. */
export class RoadImportError extends Error {
  override name = 'RoadImportError';
}

const FORMATS = 'an OpenStreetMap extract (.osm.pbf, .osm, .osm.gz) or a road index (.rlidx)';

function headOf(file: string): Buffer {
  const head = Buffer.alloc(64);
  const fd = openSync(file, 'r');
  try {
    return head.subarray(0, readSync(fd, head, 0, head.length, 0));
  } finally {
    closeSync(fd);
  }
}

/** The kept counts of an extract's build: the refusals summed over their reasons. */
export function countsOfBuild(c: BuildCounts): RoadLimitsCounts {
  const refused = Object.values(c.refused).reduce((sum, n) => sum + (n ?? 0), 0);
  return { posted: c.posted, default: c.default, none: c.none, refused };
}

/**
 * The counts of a built index, from its ways' sources. A built index does not keep the tag values its
 * build refused, so `refused` is 0: none is known to this import.
 */
export function countsOfIndex(index: RoadIndex): RoadLimitsCounts {
  const counts: RoadLimitsCounts = { posted: 0, default: 0, none: 0, refused: 0 };
  for (const w of index.ways) counts[w.source === 'zone' ? 'posted' : w.source]++;
  return counts;
}

export async function buildReceived(
  file: string,
  fileName: string,
  signal: AbortSignal,
  onProgress: (p: BuildProgress) => void,
): Promise<ReceivedIndex> {
  const named = (err: unknown) => {
    if (signal.aborted) return err;
    const why = err instanceof Error ? err.message : String(err);
    return new RoadImportError(why.split(file).join(fileName));
  };
  const head = headOf(file);
  if (isRoadIndexFile(head)) {
    try {
      const index = readRoadIndex(file);
      return { index, counts: countsOfIndex(index), prebuilt: true };
    } catch (err) {
      throw named(err);
    }
  }
  if (head.length === 0) throw new RoadImportError(`${fileName} is empty: it is not ${FORMATS}.`);
  if (!sniffOsmFormat(file))
    throw new RoadImportError(`${fileName} is not ${FORMATS}: its first bytes are those of neither.`);
  try {
    const built = await buildRoadIndexFromFile(file, { signal, onProgress });
    return { index: built.index, counts: countsOfBuild(built.counts), prebuilt: false };
  } catch (err) {
    throw named(err);
  }
}
