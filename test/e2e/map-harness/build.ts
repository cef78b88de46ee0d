import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { ensureBasemap } from '../../../scripts/build-basemap.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
export const MAP_HARNESS_OUT = path.join(ROOT, 'node_modules', '.cache', 'routelens-map-harness');
export const BASEMAP_DIR = path.join(ROOT, 'resources', 'basemap');

let built: Promise<string> | null = null;

/** Builds the map harness page once per process, with the real renderer map modules, and makes sure the basemap exists. */
export function buildMapHarness(): Promise<string> {
  built ??= (async () => {
    ensureBasemap(BASEMAP_DIR);
    await build({
      root: import.meta.dirname,
      base: './',
      logLevel: 'warn',
      configFile: false,
      publicDir: false,
      plugins: [react()],
      build: { outDir: MAP_HARNESS_OUT, emptyOutDir: true, minify: false, chunkSizeWarningLimit: 5000 },
    });
    return MAP_HARNESS_OUT;
  })();
  return built;
}
