import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadBuiltinStyle } from '../../renderer/src/map/basemap-style.ts';
import { pmtilesProtocol } from '../../renderer/src/map/pmtiles-source.ts';
import { writePmtiles, type ArchiveInfo } from '../../shared/map/pmtiles-write.ts';

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

  describe('its archive of vector tiles', () => {
    // With a '/' as the built-in key has: the protocol's URL still splits at the last three numbers.
    const KEY = 'routelens/basemap-test';
    const INFO: ArchiveInfo = { minZoom: 0, maxZoom: 1, bounds: [-180, -85, 180, 85], center: [0, 0, 0], metadata: {} };
    const tiles = [
      { z: 0, x: 0, y: 0, data: new TextEncoder().encode('world') },
      { z: 1, x: 1, y: 0, data: new TextEncoder().encode('north-east') },
    ];
    const withArchive = {
      ...STYLE,
      metadata: { 'routelens:archive': 'basemap.pmtiles', 'routelens:archive-key': KEY },
    };

    /** fetch answering the style and the archive (or `archive` as given: a status or other bytes). */
    function serveArchive(archive: number | Uint8Array = writePmtiles(tiles, INFO)) {
      const asked: string[] = [];
      vi.stubGlobal('fetch', async (url: string) => {
        asked.push(url);
        if (url.endsWith('style.json')) return new Response(JSON.stringify(withArchive));
        if (typeof archive === 'number') return new Response('', { status: archive, statusText: 'Not Found' });
        return new Response(archive as Uint8Array<ArrayBuffer>);
      });
      return asked;
    }

    const tile = async (z: number, x: number, y: number) => {
      const got = await pmtilesProtocol().tilev4(
        { url: `pmtiles://${KEY}/${z}/${x}/${y}`, type: 'arrayBuffer' },
        new AbortController(),
      );
      return got.data ? new TextDecoder().decode(got.data as Uint8Array) : null;
    };

    it('reads the archive beside the style once per window and serves its tiles to pmtiles:// under its key', async () => {
      const base = 'http://127.0.0.1:5173/one/index.html';
      const asked = serveArchive();
      const { notes } = await loadBuiltinStyle(base);
      expect(notes).toEqual([]);
      expect(asked).toEqual([
        'http://127.0.0.1:5173/one/basemap/style.json',
        'http://127.0.0.1:5173/one/basemap/basemap.pmtiles',
      ]);
      expect(await tile(0, 0, 0)).toBe('world');
      expect(await tile(1, 1, 0)).toBe('north-east');
      // A tile the archive does not hold is an empty vector tile (open sea), not an error.
      expect(await tile(1, 0, 1)).toBe('');
      await loadBuiltinStyle(base);
      expect(asked.filter((u) => u.endsWith('.pmtiles'))).toHaveLength(1);
    });

    it('leaves a blank background and a note when the archive cannot be read, and tries again next time', async () => {
      const base = 'http://127.0.0.1:5173/two/index.html';
      serveArchive(404);
      const failed = await loadBuiltinStyle(base);
      expect(failed.style.layers.map((l) => l.type)).toEqual(['background']);
      expect(failed.notes[0]).toMatch(/built-in basemap could not be loaded \(404 Not Found for .*basemap\.pmtiles\)/);
      serveArchive();
      expect((await loadBuiltinStyle(base)).notes).toEqual([]);
    });

    it('refuses a file that is not an archive of vector tiles, with the reason', async () => {
      serveArchive(new TextEncoder().encode('not an archive at all'));
      expect((await loadBuiltinStyle('http://127.0.0.1:5173/three/index.html')).notes[0]).toMatch(/magic number/i);
      const raster = writePmtiles(tiles, INFO);
      raster[99] = 2; // the header's tile type: PNG
      serveArchive(raster);
      expect((await loadBuiltinStyle('http://127.0.0.1:5173/four/index.html')).notes[0]).toMatch(
        /does not hold vector tiles/,
      );
    });
  });
});
