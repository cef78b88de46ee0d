/**
 * Where the lake keeps things: Hive-style partitions (`key=value` folders) that
 * DuckDB, Spark, Trino and BigQuery read as columns.
 *   breadcrumbs/carrier=<DOT number, or the carrier's slug>/day=YYYY-MM-DD/<vehicle_id>.parquet
 * `day` is the carrier's home-zone calendar day.
 */
export const MANIFEST_FILE = '_lake.json';
export const BREADCRUMBS_DIR = 'breadcrumbs';
/** Suffix of a file being written; renamed away once complete, so a reader sees a whole file or none. */
export const PARTIAL_SUFFIX = '.tmp';

const DOT_NUMBER = /^[0-9]{1,12}$/;
/** Vehicle ids become file names: only characters no file system or engine treats specially. */
const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** The carrier's partition value: its DOT number, else a slug of its name (a DOT number is what platforms join on). */
export function carrierPartition(dotNumber: string, name: string): string {
  const dot = dotNumber.trim();
  if (DOT_NUMBER.test(dot)) return dot;
  const slug = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64);
  return slug === '' ? 'carrier' : slug;
}

export function isSafeFileId(id: string): boolean {
  return SAFE_ID.test(id) && id !== '.' && id !== '..';
}

/** The day file's path relative to the lake's root, with `/` separators. */
export function breadcrumbFile(carrier: string, day: string, vehicleId: string): string {
  if (!isSafeFileId(vehicleId)) throw new RangeError(`vehicle id "${vehicleId.slice(0, 64)}" cannot name a file`);
  return `${BREADCRUMBS_DIR}/carrier=${carrier}/day=${day}/${vehicleId}.parquet`;
}
