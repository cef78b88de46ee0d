/**
 * The files of the app's road limits, in one folder beside settings.json: the kept index
 * (`current.rlidx`) with its `info.json`, the speed zones (`zones.geojson`) with `zones.json`, and the
 * temporary files of an import. Each small JSON file is written aside and renamed, and read back
 * defensively: a damaged or stale description means "nothing kept", never a guessed one.
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { RoadLimitsInfo, SpeedZonesInfo } from '../../../shared/ipc/roads-contract.ts';
import { writeFileAtomic } from '../settings/atomic-write.ts';

export const ROAD_LIMITS_DIR = 'road-limits';

export interface RoadStoreFiles {
  dir: string;
  index: string;
  info: string;
  zones: string;
  zonesInfo: string;
  /** A temporary file of the store (an upload, the demo's extract); removed by `removeTemporary`. */
  temporary(name: string): string;
}

export function roadStoreFiles(dataDir: string): RoadStoreFiles {
  const dir = path.join(dataDir, ROAD_LIMITS_DIR);
  return {
    dir,
    index: path.join(dir, 'current.rlidx'),
    info: path.join(dir, 'info.json'),
    zones: path.join(dir, 'zones.geojson'),
    zonesInfo: path.join(dir, 'zones.json'),
    temporary: (name) => path.join(dir, `${TEMPORARY_PREFIX}${name}`),
  };
}

const TEMPORARY_PREFIX = 'tmp-';

/** Temporary files left by a process that ended mid-import (nothing else may be running at start). */
export async function removeTemporaries(files: RoadStoreFiles): Promise<void> {
  const names = await fsp.readdir(files.dir).catch(() => [] as string[]);
  await Promise.all(
    names.filter((n) => n.startsWith(TEMPORARY_PREFIX)).map((n) => fsp.rm(path.join(files.dir, n), { force: true })),
  );
}

export const writeJson = (file: string, value: unknown) => writeFileAtomic(file, `${JSON.stringify(value)}\n`);

async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await fsp.readFile(file, 'utf8')) as unknown;
  } catch {
    return null;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
const isText = (v: unknown, max: number): v is string => typeof v === 'string' && v.length > 0 && v.length <= max;

/** The kept index's description, or null when it is missing, damaged, or does not match the index file. */
export async function readIndexInfo(files: RoadStoreFiles): Promise<RoadLimitsInfo | null> {
  const v = await readJson(files.info);
  if (!isObject(v) || !isObject(v['counts'])) return null;
  const c = v['counts'];
  const info: RoadLimitsInfo = {
    id: v['id'] as string,
    fileName: v['fileName'] as string,
    origin: v['origin'] as 'import' | 'demo',
    importedAt: v['importedAt'] as number,
    ways: v['ways'] as number,
    segments: v['segments'] as number,
    bytes: v['bytes'] as number,
    counts: {
      posted: c['posted'] as number,
      default: c['default'] as number,
      none: c['none'] as number,
      refused: c['refused'] as number,
    },
  };
  const ok =
    isText(info.id, 64) &&
    isText(info.fileName, 255) &&
    (info.origin === 'import' || info.origin === 'demo') &&
    [info.importedAt, info.ways, info.segments, info.bytes, ...Object.values(info.counts)].every(isCount);
  if (!ok) return null;
  // An index replaced without its description (a crash between the two renames) is not described by it.
  const size = (await fsp.stat(files.index).catch(() => null))?.size;
  return size === info.bytes ? info : null;
}

/** The kept zones, or null when there are none or their files are damaged. */
export async function readZonesInfo(files: RoadStoreFiles): Promise<SpeedZonesInfo | null> {
  const v = await readJson(files.zonesInfo);
  if (!isObject(v)) return null;
  const geojson = await fsp.readFile(files.zones, 'utf8').catch(() => null);
  if (geojson === null) return null;
  const { id, fileName, importedAt, zones } = v;
  if (!isText(id, 64) || !isText(fileName, 255) || !isCount(importedAt) || !isCount(zones)) return null;
  return { id, fileName, importedAt, zones, geojson };
}
