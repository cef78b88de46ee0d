import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadBuiltinStyle } from '../../renderer/src/map/basemap-style.ts';

const BASE = 'http://127.0.0.1:5173/app/index.html';

/** A style as scripts/build-basemap.ts writes it: GeoJSON files named relative to the style. */
const STYLE = {
  version: 8,
  sources: {
    land: { type: 'geojson', data: 'land.json', maxzoom: 12 },
    places: { type: 'geojson', data: 'sub/places.json' },
    inline: { type: 'geojson', data: { type: 'FeatureCollection', features: [] } },
    tiles: { type: 'vector', url: 'pmtiles://x' },
  },
  layers: [{ id: 'water', type: 'background' }],
};

/** fetch answering the style file and counting every URL asked for. */
function serve(status = 200, body: unknown = STYLE) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    return new Response(JSON.stringify(body), { status, statusText: status === 200 ? 'OK' : 'Not Found' });
  });
  return asked;
}

describe('the built-in basemap style (its GeoJSON read by MapLibre’s worker, not this thread)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads only the style file and names each GeoJSON file by its absolute URL beside the style', async () => {
    const asked = serve();
    const { style, notes } = await loadBuiltinStyle(BASE);
    expect(asked).toEqual(['http://127.0.0.1:5173/app/basemap/style.json']);
    expect(style.sources['land']).toEqual({
      type: 'geojson',
      data: 'http://127.0.0.1:5173/app/basemap/land.json',
      maxzoom: 12,
    });
    expect(style.sources['places']).toMatchObject({ data: 'http://127.0.0.1:5173/app/basemap/sub/places.json' });
    // Sources that are not GeoJSON files are left as the style has them.
    expect(style.sources['inline']).toEqual(STYLE.sources.inline);
    expect(style.sources['tiles']).toEqual(STYLE.sources.tiles);
    expect(style.layers).toEqual(STYLE.layers);
    expect(notes).toEqual([]);
  });

  it('falls back to a blank background with a note naming the failure when the style cannot be read', async () => {
    serve(404);
    const { style, notes } = await loadBuiltinStyle(BASE);
    expect(style.sources).toEqual({});
    expect(style.layers.map((l) => l.type)).toEqual(['background']);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(/built-in basemap could not be loaded \(404/);
  });

  it('refuses a file that is not a MapLibre style', async () => {
    serve(200, { version: 7, layers: [] });
    const { notes } = await loadBuiltinStyle(BASE);
    expect(notes[0]).toMatch(/not a MapLibre style/);
  });
});
