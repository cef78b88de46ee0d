import { prewarm, setWorkerUrl } from 'maplibre-gl';
// Emitted by vite as a file of the app, so the worker loads from our own origin (CSP worker-src 'self').
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';

let done = false;

/**
 * MapLibre 6 finds its worker next to its module only over http(s); point it at the bundled copy everywhere.
 * Prewarmed: the worker then outlives the maps, so a screen's map replaced by another's (an inbox event opened
 * in Trip review) does not load and compile the worker's 1 MB script again.
 */
export function configureMapWorker(): void {
  if (done) return;
  done = true;
  setWorkerUrl(new URL(workerUrl, document.baseURI).href);
  prewarm();
}
