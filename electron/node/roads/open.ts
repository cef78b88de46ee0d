/**
 * A road index from whatever the user points at: a built `.rlidx` (read as
 * is) or an OpenStreetMap extract (built now), told apart by the first bytes.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import type { RoadIndex } from '../../../shared/roads/types.ts';
import { buildRoadIndexFromFile, type BuildCounts, type BuildOptions } from './build.ts';
import { isRoadIndexFile, readRoadIndex } from './rlidx.ts';

export interface OpenedRoadLimits {
  index: RoadIndex;
  /** The import's counts when FILE was an extract; null for a built index. */
  counts: BuildCounts | null;
}

export async function openRoadLimits(path: string, options: BuildOptions = {}): Promise<OpenedRoadLimits> {
  const head = Buffer.alloc(16);
  const fd = openSync(path, 'r');
  try {
    readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  if (isRoadIndexFile(head)) return { index: readRoadIndex(path), counts: null };
  return buildRoadIndexFromFile(path, options);
}
