// Over 300 lines: the map is one drawing (projection, basemap layers, route, markers, frame) best read in one place.
import type { Feature, FeatureCollection, Geometry, Position } from 'geojson';
import type { TrackAnalysis } from '../analysis/types.ts';
import { gapRule, isGapBetween } from '../track/gaps.ts';
import { withoutOutliers } from '../track/outliers.ts';
import type { DayChunk } from '../track/types.ts';
import { placeLabels } from './route-map-labels.ts';

/**
 * The route as a printable SVG map: the kept readings (outliers left out, as
 * every figure does) projected in Web Mercator and fitted to the frame,
 * broken at data gaps (drawn dashed: the truck went there, nobody saw how),
 * speeding stretches over it in red, stops as dots (long stops larger), the
 * first and last reading marked. Optionally over the built-in basemap's land,
 * country and state outlines (resources/basemap). Lines are thinned to one
 * point per ~0.8 px of the frame, so six months of readings stay a small file.
 * Pure: the same page in the CLI's Chromium, Electron's printToPDF or a browser.
 */
export interface Basemap {
  land?: FeatureCollection;
  countries?: FeatureCollection;
  states?: FeatureCollection;
}

export const MAP_SIZE = Object.freeze({ width: 1000, height: 600 });
const PAD = 0.07;
/** Least frame span, in Mercator radians (about 1.5 km): a parked truck still gets a readable map. */
const MIN_SPAN = 0.00025;
const MIN_STEP_PX = 0.8;

export const MAP_COLORS = Object.freeze({
  water: '#dbe8f2',
  land: '#f4f1ea',
  state: '#b7aea0',
  country: '#8d8577',
  route: '#1d4f91',
  speeding: '#d62728',
  gap: '#7a7a7a',
  stop: '#f28e2b',
  longStop: '#8c2d04',
  start: '#2ca02c',
  end: '#222222',
});

const RAD = Math.PI / 180;
const mercX = (lng: number) => lng * RAD;
const mercY = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (Math.max(-85, Math.min(85, lat)) * RAD) / 2));

interface Frame {
  x0: number;
  y1: number;
  scale: number;
  offX: number;
  offY: number;
}

function frameOf(minX: number, maxX: number, minY: number, maxY: number): Frame {
  const spanX = Math.max(maxX - minX, MIN_SPAN);
  const spanY = Math.max(maxY - minY, MIN_SPAN);
  const inner = { w: MAP_SIZE.width * (1 - 2 * PAD), h: MAP_SIZE.height * (1 - 2 * PAD) };
  const scale = Math.min(inner.w / spanX, inner.h / spanY);
  const cx = (minX + maxX) / 2;
  const cy = (minY + maxY) / 2;
  return { x0: cx, y1: cy, scale, offX: MAP_SIZE.width / 2, offY: MAP_SIZE.height / 2 };
}

const px = (f: Frame, lng: number) => f.offX + (mercX(lng) - f.x0) * f.scale;
const py = (f: Frame, lat: number) => f.offY - (mercY(lat) - f.y1) * f.scale;
const r1 = (v: number) => Math.round(v * 10) / 10;

/** Accumulates an SVG path's `d`, dropping points closer than MIN_STEP_PX to the last one kept. */
class PathBuilder {
  private parts: string[] = [];
  private lastX = NaN;
  private lastY = NaN;
  private open = false;
  private pending: [number, number] | null = null;
  move(x: number, y: number): void {
    this.flush();
    this.parts.push(`M${r1(x)} ${r1(y)}`);
    this.lastX = x;
    this.lastY = y;
    this.open = true;
  }
  line(x: number, y: number): void {
    if (!this.open) return this.move(x, y);
    if (Math.hypot(x - this.lastX, y - this.lastY) < MIN_STEP_PX) {
      this.pending = [x, y];
      return;
    }
    this.pending = null;
    this.parts.push(`L${r1(x)} ${r1(y)}`);
    this.lastX = x;
    this.lastY = y;
  }
  /** Ends a line on its true last point even when it was close to the previous one. */
  private flush(): void {
    if (this.pending) this.parts.push(`L${r1(this.pending[0])} ${r1(this.pending[1])}`);
    this.pending = null;
  }
  close(): void {
    this.flush();
    this.open = false;
  }
  text(): string {
    this.flush();
    return this.parts.join('');
  }
}

interface Kept {
  t: number[];
  lat: number[];
  lng: number[];
  status: number[];
  /** calc_location of each kept reading (the start and end labels). */
  place: string[];
}

function keptReadings(chunks: readonly DayChunk[], maxPlausibleMph: number): Kept {
  const out: Kept = { t: [], lat: [], lng: [], status: [], place: [] };
  for (const c of chunks) {
    const clean = withoutOutliers(c, maxPlausibleMph).chunk;
    for (let i = 0; i < clean.length; i++) {
      out.t.push(clean.t[i]!);
      out.lat.push(clean.lat[i]!);
      out.lng.push(clean.lng[i]!);
      out.status.push(clean.status[i]!);
      out.place.push(clean.location[i] ?? '');
    }
  }
  return out;
}

/** Every line and ring of a geometry (a filled ring closes itself under fill-rule evenodd). */
function* positionsOf(g: Geometry): Generator<{ ring: Position[] }> {
  switch (g.type) {
    case 'LineString':
      yield { ring: g.coordinates };
      break;
    case 'MultiLineString':
      for (const l of g.coordinates) yield { ring: l };
      break;
    case 'Polygon':
      for (const r of g.coordinates) yield { ring: r };
      break;
    case 'MultiPolygon':
      for (const p of g.coordinates) for (const r of p) yield { ring: r };
      break;
    case 'GeometryCollection':
      for (const inner of g.geometries) yield* positionsOf(inner);
      break;
    default:
      break;
  }
}

/** A basemap layer's outlines inside the frame (rings wholly outside it are skipped), thinned like the route. */
function layerPath(f: Frame, layer: FeatureCollection | undefined): string {
  if (!layer) return '';
  const b = new PathBuilder();
  const margin = 50;
  for (const feature of layer.features as Feature[]) {
    if (!feature.geometry) continue;
    for (const { ring } of positionsOf(feature.geometry)) {
      let minX = Infinity,
        maxX = -Infinity,
        minY = Infinity,
        maxY = -Infinity;
      const xy = ring.map(([lng, lat]) => {
        const x = px(f, lng ?? 0);
        const y = py(f, lat ?? 0);
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
        return [x, y] as const;
      });
      if (maxX < -margin || minX > MAP_SIZE.width + margin || maxY < -margin || minY > MAP_SIZE.height + margin)
        continue;
      xy.forEach(([x, y], k) => (k === 0 ? b.move(x, y) : b.line(x, y)));
      b.close();
    }
  }
  return b.text();
}

export interface RouteMapInput {
  chunks: readonly DayChunk[];
  analysis: TrackAnalysis;
  basemap?: Basemap;
}

/** The map as an <svg> element (no XML prolog), sized by its viewBox to the width of its container. */
export function routeMapSvg({ chunks, analysis, basemap }: RouteMapInput): string {
  const p = analysis.params;
  const k = keptReadings(chunks, p.maxPlausibleMph);
  const { width, height } = MAP_SIZE;
  const head = `<svg xmlns="http://www.w3.org/2000/svg" class="route-map" viewBox="0 0 ${width} ${height}" role="img" aria-label="Route map">`;
  if (k.t.length === 0) {
    return `${head}<rect width="${width}" height="${height}" fill="${MAP_COLORS.water}"/><text x="${width / 2}" y="${height / 2}" text-anchor="middle" font-size="24" fill="#555">No readings in this range</text></svg>`;
  }
  let minX = Infinity,
    maxX = -Infinity,
    minY = Infinity,
    maxY = -Infinity;
  for (let i = 0; i < k.t.length; i++) {
    const x = mercX(k.lng[i]!);
    const y = mercY(k.lat[i]!);
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  const f = frameOf(minX, maxX, minY, maxY);
  const X = (i: number) => px(f, k.lng[i]!);
  const Y = (i: number) => py(f, k.lat[i]!);

  // Route segments between gaps, and the gaps themselves.
  const rule = gapRule(p);
  const route = new PathBuilder();
  const gaps = new PathBuilder();
  route.move(X(0), Y(0));
  for (let i = 1; i < k.t.length; i++) {
    if (
      isGapBetween(rule, k.t[i - 1]!, k.status[i - 1]!, k.lat[i - 1]!, k.lng[i - 1]!, k.t[i]!, k.lat[i]!, k.lng[i]!)
    ) {
      gaps.move(X(i - 1), Y(i - 1));
      gaps.line(X(i), Y(i));
      gaps.close();
      route.move(X(i), Y(i));
    } else route.line(X(i), Y(i));
  }

  // Speeding stretches: the kept readings from each event's first to its last reading over the limit.
  const speeding = new PathBuilder();
  let j = 0;
  for (const e of analysis.events) {
    if (e.kind !== 'speeding') continue;
    while (j < k.t.length && k.t[j]! < e.startMs) j++;
    let first = true;
    for (let i = j; i < k.t.length && k.t[i]! <= e.endMs; i++) {
      if (first) speeding.move(X(i), Y(i));
      else speeding.line(X(i), Y(i));
      first = false;
    }
    speeding.close();
  }

  const stops = analysis.stops
    .map((s) => {
      const long = s.durationSeconds >= p.longStopSeconds;
      return `<circle cx="${r1(px(f, s.lng))}" cy="${r1(py(f, s.lat))}" r="${long ? 6 : 3.5}" fill="${long ? MAP_COLORS.longStop : MAP_COLORS.stop}" stroke="#fff" stroke-width="1"/>`;
    })
    .join('');
  const last = k.t.length - 1;
  const land = layerPath(f, basemap?.land);
  return (
    head +
    `<defs><clipPath id="map-frame"><rect width="${width}" height="${height}"/></clipPath></defs>` +
    `<rect width="${width}" height="${height}" fill="${basemap?.land ? MAP_COLORS.water : MAP_COLORS.land}"/>` +
    `<g clip-path="url(#map-frame)">` +
    (land ? `<path d="${land}" fill="${MAP_COLORS.land}" fill-rule="evenodd" stroke="none"/>` : '') +
    stroke(layerPath(f, basemap?.states), MAP_COLORS.state, 1, '4 3') +
    stroke(layerPath(f, basemap?.countries), MAP_COLORS.country, 1.4) +
    stroke(gaps.text(), MAP_COLORS.gap, 2, '6 5') +
    stroke(route.text(), MAP_COLORS.route, 2.6) +
    stroke(speeding.text(), MAP_COLORS.speeding, 4) +
    stops +
    `<circle cx="${r1(X(0))}" cy="${r1(Y(0))}" r="7" fill="${MAP_COLORS.start}" stroke="#fff" stroke-width="2"/>` +
    `<rect x="${r1(X(last) - 6)}" y="${r1(Y(last) - 6)}" width="12" height="12" fill="${MAP_COLORS.end}" stroke="#fff" stroke-width="2"/>` +
    placeLabels({ name: k.place[0]!, x: X(0), y: Y(0) }, { name: k.place[last]!, x: X(last), y: Y(last) }, MAP_SIZE) +
    `</g>` +
    scaleBar(f, (minY + maxY) / 2) +
    frameBorder() +
    `</svg>`
  );
}

/** The frame's border drawn wholly inside the viewBox: a stroke centred on the edge loses its outer half (issue 31). */
export const BORDER = Object.freeze({ width: 2, color: '#999' });
function frameBorder(): string {
  const h = BORDER.width / 2;
  return `<rect x="${h}" y="${h}" width="${MAP_SIZE.width - BORDER.width}" height="${MAP_SIZE.height - BORDER.width}" fill="none" stroke="${BORDER.color}" stroke-width="${BORDER.width}"/>`;
}

function stroke(d: string, color: string, w: number, dash?: string): string {
  if (d === '') return '';
  return `<path d="${d}" fill="none" stroke="${color}" stroke-width="${w}" stroke-linejoin="round" stroke-linecap="round"${dash ? ` stroke-dasharray="${dash}"` : ''}/>`;
}

/** A scale bar of a round number of miles, about a fifth of the frame, at the frame's middle latitude. */
function scaleBar(f: Frame, midMercY: number): string {
  const lat = (2 * Math.atan(Math.exp(midMercY)) - Math.PI / 2) / RAD;
  const milesPerPx = (3958.7613 * Math.cos(lat * RAD)) / f.scale;
  const target = milesPerPx * MAP_SIZE.width * 0.2;
  const steps = [0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000];
  const miles = steps.reduce((best, s) => (Math.abs(s - target) < Math.abs(best - target) ? s : best), steps[0]!);
  const len = miles / milesPerPx;
  const x = 20;
  const y = MAP_SIZE.height - 22;
  return `<g font-size="14" fill="#333"><rect x="${x - 6}" y="${y - 22}" width="${r1(len + 12 + 70)}" height="34" fill="#fff" fill-opacity="0.8"/><path d="M${x} ${y - 6}V${y}H${r1(x + len)}V${y - 6}" fill="none" stroke="#333" stroke-width="2"/><text x="${r1(x + len + 8)}" y="${y}">${miles} mi</text></g>`;
}
