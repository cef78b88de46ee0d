import type { DutyStatusCode, MotionStatus } from '../api/wire.ts';
import type { UtcDay } from '../util/day.ts';
import type { KeyTest } from './key-test.ts';
import type { FleetFigure } from './plausible.ts';

/**
 * The carrier's profile as the API last reported it (spec 2.2), kept so
 * exports made offline carry the same audit facts as the CLI's.
 */
export interface CarrierCompany {
  /** company_name: the legal name, as the CLI writes it into GPX metadata. */
  name: string;
  /** dot_number (USDOT). */
  dotNumber: string;
  /** ISO 8601 UTC time of the fetch. */
  fetchedAt: string;
}

/** A carrier as the renderer sees it: never a key, only whether one is set. */
export interface CarrierView {
  id: string;
  label: string;
  baseUrl: string | null;
  demo: boolean;
  hasCompanyKey: boolean;
  createdAt: string;
  /** null until a connection test or a download has fetched company info. */
  company: CarrierCompany | null;
  /** API origins its Company Key may be sent to (the one it was entered for, and any the user confirmed). */
  companyKeyOrigins: string[];
  /**
   * IANA zone of the carrier's home terminal: its local days are the days a
   * review, an export and an audit bundle select (Hours-of-Service logs are
   * kept in that zone). The display zone stays a separate view choice.
   */
  homeZone: string;
  /** True when no zone was chosen for this carrier and `homeZone` is this computer's zone. */
  homeZoneIsDefault: boolean;
  /** The last connection test of its keys (or the untested save of its Company Key); null: none recorded. */
  lastTest: KeyTest | null;
}

export interface KeysStatus {
  keychainAvailable: boolean;
  /** Why the keychain is unavailable, in one sentence. */
  keychainReason: string | null;
  /** How to get a working keychain on this platform (what to install, where to run). */
  keychainHelp: string | null;
  /** The system's own failure, for a support request; shown collapsed. */
  keychainDetail: string | null;
  providerKeySet: boolean;
  providerBaseUrl: string | null;
  /** API origins the Provider Key may be sent to; a key is never sent anywhere else. */
  providerKeyOrigins: string[];
  /** The Provider Key's last test on entry (or its untested save); null: none recorded. */
  providerLastTest: KeyTest | null;
}

/** Why a connection test or a fetch failed, in words a user can act on. */
export type FailureKind =
  | 'provider-key'
  | 'company-key'
  | 'missing-key'
  | 'unreachable'
  | 'rate-limited'
  | 'server'
  | 'not-found'
  | 'bad-request'
  | 'invalid-response'
  | 'keychain'
  | 'disk-full'
  | 'cancelled'
  | 'other';

export interface Failure {
  kind: FailureKind;
  message: string;
}

/**
 * The answer to entering a key with a test first: saved after the test
 * passed, or not saved, with why the test failed (the user may then save it
 * without a test).
 */
export type KeyEntry<T> = { saved: true; value: T } | { saved: false; failure: Failure; test: KeyTest };

export type ConnectionTest = { ok: true; companyName: string; dotNumber: string } | { ok: false; failure: Failure };

export interface VehicleRow {
  vehicleId: string;
  number: string;
  vin: string;
  active: boolean;
  latest: {
    lat: number;
    lng: number;
    speedMph: number;
    status: MotionStatus;
    fuelLevel: number | null;
    odometerMiles: number | null;
    readingAt: number;
    /** The position as place text, as the API's `calc_location` words it ("4 mi NE of Amarillo, TX"). */
    place: string;
    /** Figures outside their plausible range (shared/domain/plausible.ts): shown as "invalid", counted. */
    invalid?: FleetFigure[];
  } | null;
}

export interface DriverRow {
  driverId: string;
  username: string;
  firstName: string;
  lastName: string;
  active: boolean;
  hos: {
    breakMs: number | null;
    driveMs: number | null;
    shiftMs: number | null;
    cycleMs: number | null;
    status: DutyStatusCode | null;
  } | null;
}

/** One fetch of a fleet screen; kept by the renderer as a timestamped snapshot. */
export interface FleetSnapshot<Row> {
  carrierId: string;
  fetchedAt: number;
  /** Earliest time another fetch will reach the API (spec 8: ≥ 30 s). */
  nextRefreshAt: number;
  /** True when the answer came from the 30-s cache instead of the API. */
  cached: boolean;
  rows: Row[];
  rejected: number;
}

export interface DownloadRequest {
  carrierId: string;
  vehicleId: string;
  from: UtcDay;
  to: UtcDay;
  /** Days the renderer already holds completely; never fetched again. */
  completeDays: UtcDay[];
}
