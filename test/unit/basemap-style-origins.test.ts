import { describe, expect, it } from 'vitest';
import { MAX_EXTRA_ORIGINS } from '../../shared/ipc/csp.ts';
import { isOnlineStyleUrl } from '../../shared/ipc/validate.ts';
import { originsOf, parseStyleUrl, styleReferences, StyleUrlError } from '../../electron/node/basemap/style-origins.ts';

const ALLOWED = [
  'https://tiles.example.com/style.json',
  'https://tiles.example.com:8443/v1/style.json?key=public',
  'http://127.0.0.1:9000/style.json',
  'http://localhost/style.json',
  'http://[::1]:9000/s.json',
];
const REFUSED = [
  'javascript:alert(1)',
  'data:application/json,{}',
  'file:///etc/passwd',
  'http://tiles.example.com/style.json',
  'http://10.0.0.2/style.json',
  'https://user:secret@tiles.example.com/style.json',
  'ftp://tiles.example.com/style.json',
  'https://',
  'not a url',
  `https://tiles.example.com/${'a'.repeat(2100)}`,
];

describe('online style URL', () => {
  it('accepts https anywhere and http on loopback only', () => {
    for (const url of ALLOWED) expect(parseStyleUrl(url), url).toBe(new URL(url).href);
  });

  it('refuses other schemes, plain http elsewhere and credentials, on the backend and in the IPC guard', () => {
    for (const url of REFUSED) {
      expect(() => parseStyleUrl(url), url).toThrow(StyleUrlError);
      expect(isOnlineStyleUrl(url), url).toBe(false);
    }
    for (const url of ALLOWED) expect(isOnlineStyleUrl(url), url).toBe(true);
    expect(isOnlineStyleUrl(null)).toBe(false);
  });
});

describe('origins a style needs', () => {
  const styleUrl = 'https://maps.example.com/styles/streets.json';
  const style = {
    version: 8,
    sources: {
      streets: { type: 'vector', url: 'https://tilejson.example.net/streets.json' },
      relief: { type: 'raster', tiles: ['https://a.tiles.example.org/{z}/{x}/{y}.png', '/local/{z}/{x}/{y}.png'] },
      lakes: { type: 'geojson', data: 'https://data.example.com/lakes.geojson' },
      inline: { type: 'geojson', data: { type: 'FeatureCollection', features: [] } },
      archive: { type: 'vector', url: 'pmtiles://https://bucket.example.io/world.pmtiles' },
      plain: { type: 'raster', tiles: ['http://insecure.example.com/{z}/{x}/{y}.png'] },
      broken: { type: 'raster', tiles: ['https://{s}.tile.example.com/{z}/{x}/{y}.png', 42] },
    },
    glyphs: 'https://fonts.example.com/{fontstack}/{range}.pbf',
    sprite: [{ id: 'default', url: 'https://sprites.example.com/s' }],
    layers: [],
  };

  it('finds sources, tiles, TileJSON, GeoJSON, glyphs and sprites, resolving relative URLs against the style', () => {
    const refs = styleReferences(style, styleUrl);
    expect(refs.tileJsonUrls).toEqual(['https://tilejson.example.net/streets.json']);
    const origins = originsOf(styleUrl, refs.urls);
    expect(origins[0]).toBe('https://maps.example.com');
    expect(origins.sort()).toEqual(
      [
        'https://maps.example.com',
        'https://tilejson.example.net',
        'https://a.tiles.example.org',
        'https://data.example.com',
        'https://bucket.example.io',
        'https://fonts.example.com',
        'https://sprites.example.com',
      ].sort(),
    );
  });

  it('takes a single sprite URL too, and tolerates a style that is not an object', () => {
    const refs = styleReferences(
      { version: 8, sources: {}, layers: [], sprite: 'https://sprites.example.com/one' },
      styleUrl,
    );
    expect(originsOf(styleUrl, refs.urls)).toEqual(['https://maps.example.com', 'https://sprites.example.com']);
    expect(styleReferences('nope', styleUrl)).toEqual({ urls: [], tileJsonUrls: [] });
  });

  it('refuses a style that needs more servers than the CSP may list', () => {
    const urls = Array.from({ length: MAX_EXTRA_ORIGINS }, (_, i) => `https://t${i}.example.com/x`);
    expect(() => originsOf(styleUrl, urls)).toThrow(/at most/);
    expect(originsOf(styleUrl, urls.slice(1))).toHaveLength(MAX_EXTRA_ORIGINS);
  });
});
