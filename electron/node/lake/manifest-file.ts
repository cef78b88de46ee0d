/** Reads and writes `_lake.json`: written beside and renamed, so a reader sees the old manifest or the new one. */
import { readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MANIFEST_FILE, PARTIAL_SUFFIX } from '../../../shared/lake/layout.ts';
import { MAX_MANIFEST_BYTES, parseManifest, type LakeManifest } from '../../../shared/lake/manifest.ts';

/** The lake's manifest, or null for a folder that holds none yet. */
export async function readManifest(lakeDir: string): Promise<LakeManifest | null> {
  const file = path.join(lakeDir, MANIFEST_FILE);
  const info = await stat(file).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null;
    throw err;
  });
  if (info === null) return null;
  if (info.size > MAX_MANIFEST_BYTES) throw new Error(`${MANIFEST_FILE} is larger than ${MAX_MANIFEST_BYTES} bytes.`);
  return parseManifest(await readFile(file, 'utf8'));
}

export async function writeManifest(lakeDir: string, manifest: LakeManifest): Promise<void> {
  const file = path.join(lakeDir, MANIFEST_FILE);
  await writeFile(file + PARTIAL_SUFFIX, JSON.stringify(manifest, null, 1) + '\n');
  await rename(file + PARTIAL_SUFFIX, file);
}

/**
 * Saves at most once per `everyMs` while a sync runs (an interrupted run loses at most that much
 * bookkeeping: its files are then refetched), and once more at the end. Saves never overlap.
 */
export function manifestSaver(lakeDir: string, manifest: LakeManifest, everyMs = 1000) {
  let last = 0;
  let chain: Promise<void> = Promise.resolve();
  const save = (): Promise<void> => {
    last = Date.now();
    chain = chain.then(() => writeManifest(lakeDir, manifest));
    return chain;
  };
  return {
    changed(): Promise<void> {
      return Date.now() - last >= everyMs ? save() : Promise.resolve();
    },
    flush: save,
  };
}
