/**
 * The road limits the app keeps (one road index, the user's speed zones) in a folder beside
 * settings.json (app-store-files.ts). An import receives the file in pieces into a temporary file, builds
 * it in the background (app-store-build.ts) and replaces the kept index only once the new one is written:
 * a failed or cancelled import leaves the old index in use and no temporary file behind. Replacing,
 * removing and reading the index go through one queue, so a read never mixes two indexes.
 */
import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import { ROAD_IPC_LIMITS, type RoadLimitsInfo, type SpeedZonesInfo } from '../../../shared/ipc/roads-contract.ts';
import type { RoadIndex } from '../../../shared/roads/types.ts';
import { parseSpeedZones } from '../../../shared/roads/zones-parse.ts';
import { writeFileAtomic } from '../settings/atomic-write.ts';
import { buildReceived, type ReceivedIndex } from './app-store-build.ts';
import { createImportJobs, type ImportJob } from './app-store-jobs.ts';
import {
  readIndexInfo,
  readZonesInfo,
  removeTemporaries,
  roadStoreFiles,
  writeJson,
  type RoadStoreFiles,
} from './app-store-files.ts';
import { readRoadIndex, writeRoadIndex } from './rlidx.ts';

export { RoadImportError } from './app-store-build.ts';
export { RoadStoreError } from './app-store-jobs.ts';
import { RoadStoreError } from './app-store-jobs.ts';

export const DEMO_ROADS_FILE_NAME = 'RouteLens demo roads';

export interface RoadLimitsStoreOptions {
  /** The folder of settings.json; the store keeps its files in `road-limits/` inside it. */
  dataDir: string;
  now?: () => number;
}

export type RoadLimitsStore = ReturnType<typeof createRoadLimitsStore>;

export function createRoadLimitsStore(options: RoadLimitsStoreOptions) {
  const files = roadStoreFiles(options.dataDir);
  const now = options.now ?? Date.now;
  let ready: Promise<void> | null = null;
  // Started once: the folder, without what a process that ended mid-import left.
  const prepared = () =>
    (ready ??= fsp.mkdir(files.dir, { recursive: true, mode: 0o700 }).then(() => removeTemporaries(files)));
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = queue.then(prepared).then(fn);
    queue = run.catch(() => undefined);
    return run;
  };

  // The last index decoded for a bundle (decodedIndex), dropped whenever the kept index changes.
  let decoded: { id: string; index: RoadIndex } | null = null;

  /** Keeps `received` as the index in use (in the queue); `file` is where it was received, for a built index. */
  async function keep(received: ReceivedIndex, file: string, fileName: string, origin: 'import' | 'demo') {
    decoded = null;
    if (received.prebuilt) await fsp.rename(file, files.index);
    else writeRoadIndex(received.index, files.index);
    const { size } = await fsp.stat(files.index);
    const info: RoadLimitsInfo = {
      id: randomUUID(),
      fileName,
      origin,
      importedAt: now(),
      ways: received.index.ways.length,
      segments: received.index.segWay.length,
      bytes: size,
      counts: received.counts,
    };
    await writeJson(files.info, info);
    return info;
  }

  const jobs = createImportJobs({
    prepared,
    temporary: (id) => files.temporary(`import-${id}`),
    build: async (job: ImportJob, signal, onProgress) => {
      const received = await buildReceived(job.file, job.fileName, signal, onProgress);
      signal.throwIfAborted();
      return serial(() => keep(received, job.file, job.fileName, 'import'));
    },
  });

  return {
    files,
    status: (): Promise<RoadLimitsInfo | null> => serial(() => readIndexInfo(files)),
    read: (id: string, offset: number, length: number) => serial(() => readPiece(files, id, offset, length)),
    importBegin: jobs.begin,
    importWrite: jobs.write,
    importFinish: jobs.finish,
    importPoll: jobs.poll,
    importCancel: jobs.cancel,
    remove: () =>
      serial(async () => {
        decoded = null;
        await fsp.rm(files.info, { force: true });
        await fsp.rm(files.index, { force: true });
        return null;
      }),
    /**
     * Installs the demo's roads (`extract`: their .osm.pbf, simulator/osm-roads.ts) when no index is kept, so a
     * user's own import is never replaced; true when it did.
     */
    installDemo: (extract: () => Uint8Array) =>
      serial(async () => {
        if (await readIndexInfo(files)) return false;
        const file = files.temporary(`demo-${randomUUID()}.osm.pbf`);
        try {
          await fsp.writeFile(file, extract(), { mode: 0o600 });
          const received = await buildReceived(file, DEMO_ROADS_FILE_NAME, new AbortController().signal, () => {});
          await keep(received, file, DEMO_ROADS_FILE_NAME, 'demo');
          return true;
        } finally {
          await fsp.rm(file, { force: true });
        }
      }),
    /**
     * The kept index decoded, when it is still the one named `id` (else a 'not-found' RoadStoreError); the
     * last one decoded is kept, so several bundles of one screen decode it once.
     */
    decodedIndex: (id: string): Promise<RoadIndex> =>
      serial(async () => {
        const info = await readIndexInfo(files);
        if (!info || info.id !== id) throw new RoadStoreError('not-found', STALE_INDEX);
        if (decoded?.id !== id) decoded = { id, index: readRoadIndex(files.index) };
        return decoded.index;
      }),
    zonesGet: (): Promise<SpeedZonesInfo | null> => serial(() => readZonesInfo(files)),
    zonesSet: (fileName: string, geojson: string | null) =>
      serial(() => (geojson === null ? removeZones(files) : keepZones(files, fileName, geojson, now()))),
    close: jobs.close,
  };
}

const STALE_INDEX = 'The road index asked for is no longer the one kept (it was replaced or removed): load it again.';

async function readPiece(files: RoadStoreFiles, id: string, offset: number, length: number): Promise<Uint8Array> {
  const info = await readIndexInfo(files);
  if (!info || info.id !== id) throw new RoadStoreError('not-found', STALE_INDEX);
  const bounded = Number.isSafeInteger(offset) && Number.isSafeInteger(length) && offset >= 0 && length >= 0;
  if (!bounded || length > ROAD_IPC_LIMITS.pieceBytes || offset + length > info.bytes)
    throw new RoadStoreError(
      'bad-request',
      `A read of ${length} bytes from byte ${offset} is outside the road index's ${info.bytes} bytes (or over a piece's ${ROAD_IPC_LIMITS.pieceBytes}).`,
    );
  const handle = await fsp.open(files.index, 'r');
  try {
    const out = new Uint8Array(length);
    let at = 0;
    while (at < length) {
      const { bytesRead } = await handle.read(out, at, length - at, offset + at);
      if (bytesRead === 0) throw new RoadStoreError('other', 'The kept road index is shorter than its description.');
      at += bytesRead;
    }
    return out;
  } finally {
    await handle.close();
  }
}

async function removeZones(files: RoadStoreFiles): Promise<null> {
  await fsp.rm(files.zonesInfo, { force: true });
  await fsp.rm(files.zones, { force: true });
  return null;
}

async function keepZones(files: RoadStoreFiles, fileName: string, geojson: string, now: number) {
  const parsed = parseSpeedZones(geojson);
  if (!parsed.ok)
    throw new RoadStoreError('bad-request', `${fileName} was not imported: ${parsed.reasons.join('; ')}.`);
  const info = { id: randomUUID(), fileName, importedAt: now, zones: parsed.zones.zones.length };
  // The description last: it names the zones file, so a crash before it leaves the zones before.
  await fsp.rm(files.zonesInfo, { force: true });
  await writeFileAtomic(files.zones, geojson);
  await writeJson(files.zonesInfo, info);
  return { ...info, geojson } satisfies SpeedZonesInfo;
}
