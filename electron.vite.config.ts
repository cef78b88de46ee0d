import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { ensureBasemap } from './scripts/build-basemap.ts';

const root = import.meta.dirname;
const { version } = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { version: string };

export default defineConfig({
  main: {
    build: {
      rolldownOptions: { input: { index: resolve(root, 'electron/main/index.ts') } },
    },
  },
  preload: {
    build: {
      // A sandboxed preload cannot be an ES module: emit CommonJS.
      rolldownOptions: {
        input: { index: resolve(root, 'electron/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(root, 'renderer'),
    // resources/ is served as-is next to index.html: the offline basemap is basemap/*.
    publicDir: resolve(root, 'resources'),
    // Results the renderer derives and keeps (the inbox's, store/inbox-cache.ts) name the build that made them.
    define: { __ROUTELENS_BUILD__: JSON.stringify(`${version}+${Date.now().toString(36)}`) },
    // Every build and dev run (npm run build/web/dist/start, e2e global setup) regenerates a missing or outdated basemap.
    plugins: [
      react(),
      { name: 'routelens-basemap', buildStart: () => void ensureBasemap(resolve(root, 'resources/basemap')) },
    ],
    build: {
      rolldownOptions: { input: { index: resolve(root, 'renderer/index.html') } },
    },
  },
});
