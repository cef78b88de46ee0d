/**
 * The GeoParquet 1.1 `geo` file metadata of a breadcrumb file: one WKB Point
 * column in the default CRS (OGC:CRS84, longitude then latitude, so `crs` is
 * omitted as the specification allows) with the file's bounding box, which
 * lets an engine skip files outside a query's area.
 */
export const GEOPARQUET_VERSION = '1.1.0';
export const GEOMETRY_COLUMN = 'geometry';

/** [min lng, min lat, max lng, max lat]. */
export type Bbox = readonly [number, number, number, number];

export interface GeoMetadata {
  version: string;
  primary_column: string;
  columns: Record<string, { encoding: 'WKB'; geometry_types: ['Point']; bbox?: number[] }>;
}

/** `bbox` null: a file with no points, whose metadata says no box rather than a made-up one. */
export function geoMetadata(bbox: Bbox | null): GeoMetadata {
  return {
    version: GEOPARQUET_VERSION,
    primary_column: GEOMETRY_COLUMN,
    columns: {
      [GEOMETRY_COLUMN]: { encoding: 'WKB', geometry_types: ['Point'], ...(bbox ? { bbox: [...bbox] } : {}) },
    },
  };
}

/** The box around points given as parallel coordinate lists; null when there are none. */
export function bboxOf(lngs: ArrayLike<number>, lats: ArrayLike<number>): Bbox | null {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < lngs.length; i++) {
    const x = lngs[i]!;
    const y = lats[i]!;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  return minX <= maxX ? [minX, minY, maxX, maxY] : null;
}
