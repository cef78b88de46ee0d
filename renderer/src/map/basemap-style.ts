import type { BasemapChoice } from './basemap-choice.ts';
import { forgetPmtilesFile, keptPmtilesFile, saveBasemapChoice } from './basemap-choice.ts';
import { openBuiltinArchive } from './builtin-archive.ts';
import { loadJson } from './load-json.ts';
import { openPmtilesOverlay } from './pmtiles-source.ts';
import type { LayerSpec, SourceSpec, StyleSpec } from './style-types.ts';
import { errorText } from '../../../shared/util/error-text.ts';

/** Where the build puts the built-in style (scripts/build-basemap.ts → resources/ = renderer publicDir). */
export const BUILTIN_STYLE_PATH = 'basemap/style.json';

export interface ResolvedBasemap {
  style: StyleSpec;
  /** What is actually shown: a failed choice falls back to 'builtin'. */
  active: BasemapChoice['kind'] | 'none';
  /** Human notes on anything that did not load, shown on the map. */
  notes: string[];
}

/** A blank background: what is left if even the built-in files are gone. The route still draws on it. */
function emptyStyle(): StyleSpec {
  return {
    version: 8,
    sources: {},
    layers: [{ id: 'water', type: 'background', paint: { 'background-color': '#dde1e6' } }],
  };
}

const isStyle = (v: unknown): v is StyleSpec =>
  typeof v === 'object' &&
  v !== null &&
  (v as { version?: unknown }).version === 8 &&
  Array.isArray((v as { layers?: unknown }).layers) &&
  typeof (v as { sources?: unknown }).sources === 'object';

/**
 * The built-in style, its vector tiles ready: the archive the style names in its metadata
 * (`routelens:archive`, relative to the style) is read and registered under `routelens:archive-key`, the
 * name its pmtiles:// tile URLs use. GeoJSON sources named by file are given as absolute URLs, so MapLibre's
 * worker fetches and parses them itself.
 * A style or archive that fails to load leaves a blank background and a note.
 */
export async function loadBuiltinStyle(
  base: string = document.baseURI,
): Promise<{ style: StyleSpec; notes: string[] }> {
  const styleUrl = new URL(BUILTIN_STYLE_PATH, base).href;
  let style: StyleSpec;
  try {
    const raw = await loadJson(styleUrl);
    if (!isStyle(raw)) throw new Error('not a MapLibre style');
    style = raw;
    const meta = (style.metadata ?? {}) as Record<string, unknown>;
    const archive = meta['routelens:archive'];
    const key = meta['routelens:archive-key'];
    if (typeof archive === 'string' && typeof key === 'string')
      await openBuiltinArchive(new URL(archive, styleUrl).href, key);
  } catch (err) {
    return { style: emptyStyle(), notes: [`The built-in basemap could not be loaded (${errorText(err)}).`] };
  }
  const sources = Object.fromEntries(
    Object.entries(style.sources).map(([id, src]): [string, SourceSpec] => [
      id,
      src.type === 'geojson' && typeof src.data === 'string' ? { ...src, data: new URL(src.data, styleUrl).href } : src,
    ]),
  );
  return { style: { ...style, sources }, notes: [] };
}

/** Inserts the detail layers above the land fill (or at the bottom of the overlays if the style has none). */
function withOverlay(style: StyleSpec, source: SourceSpec, layers: LayerSpec[]): StyleSpec {
  const at = style.layers.findIndex((l) => l.id === 'land');
  const out = [...style.layers];
  out.splice(at >= 0 ? at + 1 : out.length, 0, ...layers);
  return { ...style, sources: { ...style.sources, pmtiles: source }, layers: out };
}

/**
 * Resolves the user's choice to a style that can be shown right now, with no
 * network unless the user chose an online style. Never throws: any failure
 * falls back to the built-in map with a note.
 */
export async function resolveBasemap(choice: BasemapChoice, base?: string): Promise<ResolvedBasemap> {
  if (choice.kind === 'online') {
    try {
      const raw = await loadJson(choice.styleUrl);
      if (!isStyle(raw)) throw new Error('not a MapLibre style');
      return { style: raw, active: 'online', notes: [] };
    } catch (err) {
      const builtin = await loadBuiltinStyle(base);
      return fallback(builtin, `The online basemap could not be loaded (${errorText(err)}); showing the built-in map.`);
    }
  }
  const builtin = await loadBuiltinStyle(base);
  if (choice.kind === 'pmtiles') {
    try {
      const file = await keptPmtilesFile();
      if (!file) throw new Error('the file is no longer available; choose it again');
      const overlay = await openPmtilesOverlay(file);
      return {
        style: withOverlay(builtin.style, overlay.source, overlay.layers),
        active: 'pmtiles',
        notes: builtin.notes,
      };
    } catch (err) {
      // Not tried again on the next open (a bad file would repeat its cost every time): the user chooses it again.
      saveBasemapChoice({ kind: 'builtin' });
      await forgetPmtilesFile();
      return fallback(
        builtin,
        `The street-detail file "${choice.name}" could not be opened (${errorText(err)}); showing the built-in map. Choose it again under Basemap once it is fixed.`,
      );
    }
  }
  return { style: builtin.style, active: builtin.style.layers.length > 1 ? 'builtin' : 'none', notes: builtin.notes };
}

function fallback(builtin: { style: StyleSpec; notes: string[] }, note: string): ResolvedBasemap {
  return {
    style: builtin.style,
    active: builtin.style.layers.length > 1 ? 'builtin' : 'none',
    notes: [note, ...builtin.notes],
  };
}
