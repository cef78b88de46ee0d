/**
 * What the map harness page (main.tsx) exposes as `globalThis.mapHarness`.
 * Types only, shared by the page and the Node specs.
 */
import type { Leg } from '../../support/tracks.ts';

export type HarnessBasemap =
  { kind: 'builtin' } | { kind: 'online'; styleUrl: string } | { kind: 'pmtiles'; name: string };

export interface MapScene {
  /** A planned track (test/support/tracks.ts) from a start point... */
  plan?: Leg[];
  startLat?: number;
  startLng?: number;
  /** A second planned stretch, starting elsewhere after `afterMinutes` of silence: a data gap with a visible jump. */
  then?: { plan: Leg[]; startLat: number; startLng: number; afterMinutes: number };
  /** ...or a random one of `days` days (six months for the load check). */
  randomDays?: number;
  seed?: number;
  speedingThresholdMph: number;
  gapSeconds?: number;
  basemap?: HarnessBasemap;
  /** Show the vehicle marker at this point index (into the whole track). */
  vehicleAt?: number;
  /** Camera: fit the route (default) or a fixed view. */
  view?: { center: [number, number]; zoom: number };
}

export interface SceneInfo {
  points: number;
  routeFeatures: number;
  gapFeatures: number;
  stops: number;
  /** Time to build the route GeoJSON in the page, ms (reported, never asserted). */
  buildMs: number;
  basemap: string;
  notes: string[];
}

/** Pixel census of the map canvas: counts of pixels near each reference colour. */
export interface PixelCensus {
  width: number;
  height: number;
  byColor: Record<string, number>;
  /** Pixels that are strongly saturated (route colours; the basemap is muted). */
  vivid: number;
  /** Dark grey pixels: label text. */
  dark: number;
}

export interface MapHarnessApi {
  render(scene: MapScene): Promise<SceneInfo>;
  census(colors: Record<string, string>): PixelCensus;
  /** Mounts the app's VirtualList (58 px rows, "row i") over `count` rows in a 400 px tall box, `data-testid="harness-list"`. */
  list(count: number): Promise<void>;
}
