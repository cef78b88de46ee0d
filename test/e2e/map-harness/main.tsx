/**
 * Map harness: the real renderer map components (renderer/src/map) on a bare
 * page, for map-*.spec.ts, until the trip review screen hosts them. A scene
 * (track plan, threshold, basemap) is rendered on request; the census reads
 * the map's own pixels back. It also mounts the app's virtual list on request
 * (virtual-list.spec.ts), the one other component a spec drives on its own.
 */
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { NumberedList } from '../../support/numbered-list.tsx';
import '../../../renderer/src/features/inbox/inbox.css';
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { Stop } from '../../../shared/analysis/types.ts';
import { DEFAULT_GAP_PARAMS, type GapParams } from '../../../shared/track/gaps.ts';
import type { DayChunk } from '../../../shared/track/types.ts';
import {
  FitBounds,
  GapsLayer,
  MapView,
  RouteLayer,
  StopsLayer,
  VehicleMarker,
  routeGeoJSON,
} from '../../../renderer/src/map/index.ts';
import { generateRandomTrack, generateTrack, toDayChunks } from '../../support/tracks.ts';
import type { MapHarnessApi, MapScene, PixelCensus, SceneInfo } from './api.ts';

interface Mounted {
  key: number;
  scene: MapScene;
  chunks: DayChunk[];
  stops: Stop[];
  resolve: (ready: { map: MapLibreMap; basemap: string; notes: string[] }) => void;
}

/** Stops straight from the readings (speed 0 for 5 min or more): the analysis module is someone else's, and the layer only needs positions and durations. */
function findStops(chunks: readonly DayChunk[]): Stop[] {
  const stops: Stop[] = [];
  let start: { t: number; lat: number; lng: number; chunk: number; point: number } | null = null;
  let lastT = 0;
  const close = () => {
    if (start && lastT - start.t >= 300_000) {
      stops.push({
        vehicleId: 'h',
        startMs: start.t,
        endMs: lastT,
        durationSeconds: (lastT - start.t) / 1000,
        lat: start.lat,
        lng: start.lng,
        place: 'Test place',
        at: { chunk: start.chunk, point: start.point },
      });
    }
    start = null;
  };
  chunks.forEach((c, ci) => {
    for (let i = 0; i < c.length; i++) {
      if (c.speed[i]! <= 0) {
        start ??= { t: c.t[i]!, lat: c.lat[i]!, lng: c.lng[i]!, chunk: ci, point: i };
        lastT = c.t[i]!;
      } else close();
    }
  });
  close();
  return stops;
}

const gapOf = (scene: MapScene): GapParams => ({
  ...DEFAULT_GAP_PARAMS,
  gapSeconds: scene.gapSeconds ?? DEFAULT_GAP_PARAMS.gapSeconds,
});

let mount: (m: Mounted) => void = () => {};
let currentMap: MapLibreMap | null = null;

function Scene({ m }: { m: Mounted }) {
  const { scene, chunks, stops } = m;
  const gap = gapOf(scene);
  const data = routeGeoJSON(chunks, { speedingThresholdMph: scene.speedingThresholdMph, ...gap });
  let vehicle: { lat: number; lng: number; heading: number } | null = null;
  if (scene.vehicleAt !== undefined) {
    let k = scene.vehicleAt;
    for (const c of chunks) {
      if (k < c.length) {
        vehicle = { lat: c.lat[k]!, lng: c.lng[k]!, heading: c.direction[k]! };
        break;
      }
      k -= c.length;
    }
  }
  return (
    <MapView
      key={m.key}
      basemap={scene.basemap}
      preserveDrawingBuffer
      initialBounds={data.bounds ?? undefined}
      onReady={(map, b) => {
        currentMap = map;
        if (scene.view) map.jumpTo({ center: scene.view.center, zoom: scene.view.zoom });
        // A camera jump needs its own frame before the pixels are read.
        if (scene.view) map.once('idle', () => m.resolve({ map, basemap: b.active, notes: b.notes }));
        else m.resolve({ map, basemap: b.active, notes: b.notes });
      }}
    >
      <GapsLayer chunks={chunks} gap={gap} speedingThresholdMph={scene.speedingThresholdMph} />
      <RouteLayer chunks={chunks} speedingThresholdMph={scene.speedingThresholdMph} gap={gap} />
      <StopsLayer stops={stops} />
      {vehicle && <VehicleMarker lat={vehicle.lat} lng={vehicle.lng} heading={vehicle.heading} label="Truck" />}
      {!scene.view && <FitBounds bounds={data.bounds} padding={40} />}
    </MapView>
  );
}

function Root() {
  const [m, setM] = useState<Mounted | null>(null);
  mount = setM;
  return <div style={{ width: '100%', height: '100%' }}>{m && <Scene m={m} />}</div>;
}

function hexRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

let sceneKey = 0;
/** The app's virtual list, styled as the inbox styles it, in a fixed box over the map. */
async function mountList(count: number): Promise<void> {
  const box = document.createElement('div');
  box.style.cssText = 'position:fixed;left:0;top:0;width:400px;height:400px;display:flex;background:#fff;z-index:10';
  document.body.append(box);
  await new Promise<void>((resolve) => {
    createRoot(box).render(
      <div style={{ flex: 1, display: 'flex' }} ref={() => resolve()}>
        <NumberedList count={count} testId="harness-list" />
      </div>,
    );
  });
}

const harness: MapHarnessApi = {
  list: mountList,
  async render(scene) {
    const points = scene.plan
      ? generateTrack(scene.plan, {
          startMs: Date.UTC(2026, 5, 1, 6),
          startLat: scene.startLat,
          startLng: scene.startLng,
          seed: scene.seed ?? 1,
        })
      : generateRandomTrack(scene.seed ?? 1, scene.randomDays ?? 1);
    const last = points[points.length - 1];
    if (scene.then && last) {
      const { plan, startLat, startLng, afterMinutes } = scene.then;
      const more = generateTrack(plan, {
        startMs: last.t + afterMinutes * 60_000,
        startLat,
        startLng,
        seed: (scene.seed ?? 1) + 1,
      });
      points.push(...more.map((p) => ({ ...p, id: `b-${p.id}` })));
    }
    const chunks = toDayChunks('h', points);
    const t0 = performance.now();
    const data = routeGeoJSON(chunks, { speedingThresholdMph: scene.speedingThresholdMph, ...gapOf(scene) });
    const buildMs = performance.now() - t0;
    const stops = findStops(chunks);
    const ready = await new Promise<{ basemap: string; notes: string[] }>((resolve) =>
      mount({ key: ++sceneKey, scene, chunks, stops, resolve }),
    );
    const info: SceneInfo = {
      points: data.points,
      routeFeatures: data.route.features.length,
      gapFeatures: data.gaps.features.length,
      stops: stops.length,
      buildMs,
      basemap: ready.basemap,
      notes: ready.notes,
    };
    return info;
  },
  census(colors) {
    if (!currentMap) throw new Error('no map rendered');
    const src = currentMap.getCanvas();
    const c = document.createElement('canvas');
    c.width = src.width;
    c.height = src.height;
    const ctx = c.getContext('2d', { willReadFrequently: true })!;
    ctx.drawImage(src, 0, 0);
    const px = ctx.getImageData(0, 0, c.width, c.height).data;
    const refs = Object.entries(colors).map(([k, v]) => [k, hexRgb(v)] as const);
    const out: PixelCensus = {
      width: c.width,
      height: c.height,
      byColor: Object.fromEntries(refs.map(([k]) => [k, 0])),
      vivid: 0,
      dark: 0,
    };
    for (let i = 0; i < px.length; i += 4) {
      const r = px[i]!,
        g = px[i + 1]!,
        b = px[i + 2]!;
      for (const [k, [R, G, B]] of refs) {
        if (Math.abs(r - R) + Math.abs(g - G) + Math.abs(b - B) <= 24) out.byColor[k]! += 1;
      }
      const max = Math.max(r, g, b),
        min = Math.min(r, g, b);
      if (max > 90 && (max - min) / max > 0.55) out.vivid++;
      if (max < 110 && max - min < 30) out.dark++;
    }
    return out;
  },
};

(globalThis as unknown as { mapHarness: MapHarnessApi }).mapHarness = harness;
createRoot(document.getElementById('root')!).render(<Root />);
document.title = 'map harness ready';
