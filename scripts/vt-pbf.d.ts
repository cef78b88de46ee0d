// vt-pbf ships no types: the one call scripts/basemap-tiles.ts makes.
declare module 'vt-pbf' {
  import type { LegacyTile } from 'geojson-vt';
  const vtpbf: {
    fromGeojsonVt(layers: Record<string, LegacyTile>, options?: { version?: number; extent?: number }): Uint8Array;
  };
  export default vtpbf;
}
