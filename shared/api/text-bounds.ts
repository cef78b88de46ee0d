/**
 * The longest text the app keeps of each API field: enough for any real unit
 * number, VIN (17), name or place, small enough that no screen, file name,
 * CSV or printed report grows with what a server sends. A longer value is cut
 * (its first characters, then "…"), counted, and kept: the record is never
 * refused for it (shared/util/bounded-text.ts). Ids are not cut: they name
 * what is asked for next.
 */
export const TEXT_LIMITS = Object.freeze({
  /** A vehicle's unit number (records, rosters, statuses). */
  unitNumber: 64,
  vin: 64,
  /** USDOT number. */
  dotNumber: 64,
  /** Company legal name; driver first, last and user name. */
  name: 200,
  /** A reading's place text (`calc_location`). */
  place: 200,
});
