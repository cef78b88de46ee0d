import path from 'node:path';
import { build } from 'vite';

const ROOT = path.resolve(import.meta.dirname, '../../..');
export const HARNESS_OUT = path.join(ROOT, 'node_modules', '.cache', 'routelens-store-harness');

let built: Promise<string> | null = null;

/** Builds the store harness page once per process (vite bundles the store worker as in the app). */
export function buildHarness(): Promise<string> {
  built ??= build({
    root: import.meta.dirname,
    base: './',
    logLevel: 'warn',
    configFile: false,
    build: { outDir: HARNESS_OUT, emptyOutDir: true, minify: false },
  }).then(() => HARNESS_OUT);
  return built;
}
