/**
 * Well-Known Binary points, the encoding GeoParquet's `geometry` column holds
 * (OGC Simple Features; x = longitude, y = latitude in OGC:CRS84 order).
 */

/** Byte order 1 (little-endian), type 1 (Point), then x and y as float64: 21 bytes. */
export const WKB_POINT_BYTES = 21;
const LITTLE_ENDIAN = 1;
const WKB_POINT_TYPE = 1;

/** One point; `into`/`at` let a caller fill a shared buffer instead of allocating per reading. */
export function wkbPoint(lng: number, lat: number, into?: Uint8Array, at = 0): Uint8Array {
  const bytes = into ?? new Uint8Array(WKB_POINT_BYTES);
  if (at < 0 || at + WKB_POINT_BYTES > bytes.length) throw new RangeError(`no room for a WKB point at byte ${at}`);
  const view = new DataView(bytes.buffer, bytes.byteOffset + at, WKB_POINT_BYTES);
  view.setUint8(0, LITTLE_ENDIAN);
  view.setUint32(1, WKB_POINT_TYPE, true);
  view.setFloat64(5, lng, true);
  view.setFloat64(13, lat, true);
  return into ? bytes.subarray(at, at + WKB_POINT_BYTES) : bytes;
}

/** The coordinates of a little- or big-endian WKB point, or null for anything else (a reader's check). */
export function readWkbPoint(bytes: Uint8Array): { lng: number; lat: number } | null {
  if (bytes.length !== WKB_POINT_BYTES) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  const order = view.getUint8(0);
  if (order !== 0 && order !== 1) return null;
  const little = order === 1;
  if (view.getUint32(1, little) !== WKB_POINT_TYPE) return null;
  return { lng: view.getFloat64(5, little), lat: view.getFloat64(13, little) };
}
