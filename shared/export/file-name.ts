/**
 * The base of a suggested export file name (`T-101-2026-11-01_2026-11-04`),
 * built from bounded parts: the unit number is the API's text, so it is
 * reduced to file-name characters and cut to `UNIT_PART_MAX`; with the
 * range (at most 21) and the longest suffix ("-review_log.csv") the name
 * stays far below the 200 characters the save guard accepts, whatever the
 * server sent.
 */
export const UNIT_PART_MAX = 64;

export function exportBaseName(unitNumber: string, from: string, to: string): string {
  const unit = unitNumber.replace(/[^\w.-]+/g, '_').slice(0, UNIT_PART_MAX) || 'vehicle';
  const range = (from === to ? from : `${from}_${to}`).replace(/[^\w.-]+/g, '_').slice(0, 32);
  return `${unit}-${range}`;
}
