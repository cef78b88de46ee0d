/**
 * The page's view of the kept road limits (the index's bytes and the speed zones, `roads:*`, `zones:*`),
 * loaded once per change and handed to the workers as a RoadLimitsSpec (workers/worker-roads.ts). One
 * store for every screen: Settings calls `reloadRoadLimits` after an import, a removal or a zones change,
 * and every screen that analyses reads `useRoadLimitsSpec`.
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { RouteLensApi } from '../../../shared/ipc/contract.ts';
import { ROAD_IPC_LIMITS, type RoadLimitsInfo, type SpeedZonesInfo } from '../../../shared/ipc/roads-contract.ts';
import type { RoadLimitsSpec } from '../workers/worker-roads.ts';

export type RoadLimitsLoad =
  | { state: 'loading' }
  | { state: 'ready'; spec: RoadLimitsSpec | null; index: RoadLimitsInfo | null; zones: SpeedZonesInfo | null }
  | { state: 'failed'; message: string };

let snapshot: RoadLimitsLoad = { state: 'loading' };
let started: Promise<void> | null = null;
let generation = 0;
const listeners = new Set<() => void>();

function publish(next: RoadLimitsLoad): void {
  snapshot = next;
  for (const l of listeners) l();
}

/** The index's bytes, read in pieces (each at most ROAD_IPC_LIMITS.pieceBytes) into one buffer. */
export async function readRoadIndexBytes(api: RouteLensApi, info: RoadLimitsInfo): Promise<Uint8Array> {
  const out = new Uint8Array(info.bytes);
  for (let offset = 0; offset < info.bytes;) {
    const piece = await api.roads.read(info.id, offset, Math.min(ROAD_IPC_LIMITS.pieceBytes, info.bytes - offset));
    if (piece.length === 0) throw new Error(`The road index ended at byte ${offset} of ${info.bytes}.`);
    out.set(piece, offset);
    offset += piece.length;
  }
  return out;
}

async function load(api: RouteLensApi): Promise<RoadLimitsLoad> {
  const [index, zones] = await Promise.all([api.roads.status(), api.zones.get()]);
  if (!index && !zones) return { state: 'ready', spec: null, index, zones };
  const indexBytes = index ? await readRoadIndexBytes(api, index) : null;
  const spec: RoadLimitsSpec = {
    indexId: index?.id ?? null,
    indexBytes,
    zonesId: zones?.id ?? null,
    zonesGeojson: zones?.geojson ?? null,
  };
  return { state: 'ready', spec, index, zones };
}

/** Loads (again) what the backend keeps; screens showing limits follow. */
export function reloadRoadLimits(api: RouteLensApi): Promise<void> {
  const mine = ++generation;
  started = load(api).then(
    (next) => void (mine === generation && publish(next)),
    (err: unknown) =>
      void (
        mine === generation && publish({ state: 'failed', message: err instanceof Error ? err.message : String(err) })
      ),
  );
  return started;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The kept road limits, loaded on first use. */
export function useRoadLimits(api: RouteLensApi): RoadLimitsLoad {
  useEffect(() => {
    if (!started) void reloadRoadLimits(api);
  }, [api]);
  return useSyncExternalStore(subscribe, () => snapshot);
}
