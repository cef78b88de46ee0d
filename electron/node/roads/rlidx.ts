/**
 * The road index as a file (`.rlidx`; the layout: shared/roads/rlidx.ts).
 */
import { readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { decodeRoadIndex, encodeRoadIndex, isRoadIndexBytes, RoadIndexFileError } from '../../../shared/roads/rlidx.ts';
import type { RoadIndex } from '../../../shared/roads/types.ts';

export { RLIDX_MAGIC, RLIDX_VERSION, RoadIndexFileError } from '../../../shared/roads/rlidx.ts';

/** Node reads a file into one buffer of at most 2 GiB; an index that large would hold some 100 million segments. */
const MAX_FILE_BYTES = 2 ** 31 - 1;

/** Written beside `path` and renamed, so a failed write never leaves half an index. */
export function writeRoadIndex(index: RoadIndex, path: string): void {
  const tmp = `${path}.partial-${process.pid}`;
  try {
    writeFileSync(tmp, encodeRoadIndex(index));
    renameSync(tmp, path);
  } finally {
    rmSync(tmp, { force: true });
  }
}

/** Whether the file starts with the index's magic (the CLI's way to tell an index from an extract). */
export function isRoadIndexFile(head: Uint8Array): boolean {
  return isRoadIndexBytes(head);
}

export function readRoadIndex(path: string): RoadIndex {
  const size = statSync(path).size;
  if (size > MAX_FILE_BYTES)
    throw new RoadIndexFileError(
      `${path} is not a readable road index: ${size} bytes is more than the 2 GiB an index may have.`,
    );
  return decodeRoadIndex(readFileSync(path), path);
}
