import type { ESLint } from 'eslint';

export interface Layer {
  name: string;
  dir: string;
  may: string[];
  packages: string[];
}
export const LAYERS: Layer[];
export function layerViolation(file: string, spec: string): string | null;
export const layersPlugin: ESLint.Plugin;
