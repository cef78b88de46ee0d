/**
 * The review's drawing baseline: a bare MapLibre page (no React, no app code)
 * on the browser shell's origin, with the app's built-in basemap style, that
 * draws one GeoJSON route as a plain line layer. Served from Playwright under
 * `${origin}/__bare-map/`, so the style loads from the shell like the app's.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';

const DIST = path.resolve(import.meta.dirname, '../../node_modules/maplibre-gl/dist');
const PMTILES = path.resolve(import.meta.dirname, '../../node_modules/pmtiles/dist/pmtiles.js');

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="maplibre-gl.css">
<style>html,body{margin:0}#map{position:absolute;left:0;top:0}</style></head><body><div id="map"></div>
<script src="pmtiles.js"></script>
<script type="module">
import * as maplibregl from './maplibre-gl.mjs';
maplibregl.setWorkerUrl(new URL('./maplibre-gl-worker.mjs', location.href).href);
const base = location.origin + '/';
const styleUrl = new URL('basemap/style.json', base).href;
const style = await (await fetch(styleUrl)).json();
// The style's archive read whole and served to pmtiles:// from memory, as the app does (renderer/src/map/builtin-archive.ts).
const archiveUrl = new URL(style.metadata['routelens:archive'], styleUrl).href;
const bytes = await (await fetch(archiveUrl)).arrayBuffer();
const source = { getKey: () => style.metadata['routelens:archive-key'], getBytes: async (o, n) => ({ data: bytes.slice(o, o + n) }) };
const protocol = new pmtiles.Protocol();
protocol.add(new pmtiles.PMTiles(source));
maplibregl.addProtocol('pmtiles', protocol.tile);
let map = null;
const removeRoute = () => {
  if (!map.getSource('route')) return;
  map.removeLayer('route');
  map.removeSource('route');
};
const addRoute = (route) => {
  removeRoute();
  map.addSource('route', { type: 'geojson', data: route });
  map.addLayer({ id: 'route', type: 'line', source: 'route', paint: { 'line-color': '#1d6fd8', 'line-width': 2 } });
};
// A cold start (window.__bareStart set before the page loads): the map made at once at the view, the route added
// once the style is, and the ms from navigation to the first idle with it in __bareStartMs.
const start = window.__bareStart;
if (start) {
  const el = document.getElementById('map');
  el.style.width = start.width + 'px';
  el.style.height = start.height + 'px';
  map = new maplibregl.Map({ container: el, style, bounds: start.box, attributionControl: false, fadeDuration: 0, maxZoom: 18 });
  map.once('style.load', () => {
    addRoute(start.route);
    map.once('idle', () => (window.__bareStartMs = performance.now()));
  });
}
window.bareMap = {
  async open(width, height, bounds) {
    map?.remove();
    const el = document.getElementById('map');
    el.style.width = width + 'px';
    el.style.height = height + 'px';
    map = new maplibregl.Map({ container: el, style, bounds, attributionControl: false, fadeDuration: 0, maxZoom: 18 });
    await new Promise((r) => map.once('idle', r));
  },
  /**
   * ms from handing the route to MapLibre to the map idle with it drawn. With \`from\` and \`fit\` the map
   * first settles at \`from\` (untimed), then the route is added and the camera jumps to \`fit\` as the review's
   * FitBounds does (padding 48, max zoom 15, no animation): the same work as choosing a selection whose
   * route is elsewhere. Without it the route is added to the map where it is.
   */
  async draw(route, from, fit) {
    const settle = async () => {
      const settled = new Promise((r) => map.once('idle', r));
      map.triggerRepaint();
      await settled;
    };
    removeRoute();
    if (from) map.fitBounds(from, { padding: 48, maxZoom: 15, animate: false });
    // Idle fires only after a render: ask for one, so the map settles before the clock starts.
    await settle();
    const t0 = performance.now();
    addRoute(route);
    if (fit) map.fitBounds(fit, { padding: 48, maxZoom: 15, animate: false });
    await new Promise((r) => map.once('idle', r));
    return performance.now() - t0;
  },
  /** ms from \`route\` replacing the map's route and the camera jumping exactly to \`box\` (bounds, no padding) to idle. */
  async go(route, box) {
    const t0 = performance.now();
    addRoute(route);
    map.fitBounds(box, { padding: 0, animate: false });
    await new Promise((r) => map.once('idle', r));
    return performance.now() - t0;
  },
};
document.title = 'bare map ready';
</script></body></html>`;

const TYPES: Record<string, string> = { '.mjs': 'text/javascript', '.css': 'text/css' };

export async function openBareMap(page: Page, origin: string): Promise<void> {
  await serveBareMap(page, origin);
  await page.goto(`${origin}/__bare-map/index.html`);
  await page.waitForFunction('document.title === "bare map ready"', null, { timeout: 60_000 });
}

/** Serves the bare page and MapLibre's files under `${origin}/__bare-map/` to `page`. */
export async function serveBareMap(page: Page, origin: string): Promise<void> {
  await page.route(`${origin}/__bare-map/**`, async (route) => {
    const name = new URL(route.request().url()).pathname.replace('/__bare-map/', '') || 'index.html';
    if (name === 'index.html') return route.fulfill({ body: PAGE, contentType: 'text/html' });
    if (name === 'pmtiles.js') return route.fulfill({ body: await readFile(PMTILES), contentType: 'text/javascript' });
    if (!/^maplibre-gl(-worker)?\.(mjs|css)$/.test(name)) return route.fulfill({ status: 404 });
    return route.fulfill({ body: await readFile(path.join(DIST, name)), contentType: TYPES[path.extname(name)]! });
  });
}
