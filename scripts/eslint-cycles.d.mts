import type { ESLint } from 'eslint';

export function resolveImport(fromFile: string, spec: string): string | null;
export function valueImports(source: string): string[];
export function pathBack(start: string, file: string, edges?: (file: string) => string[]): string[] | null;
export const cyclesPlugin: ESLint.Plugin;
