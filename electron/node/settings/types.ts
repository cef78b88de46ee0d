/**
 * What settings.json holds. No type here has a field for a key: keys live
 * only in the OS keychain (../keychain), and the parser rebuilds objects
 * field by field, so an extra property can never be carried into the file.
 */

import { DEFAULT_ADJUSTABLE_PARAMS, type AdjustableAnalysisParams } from '../../../shared/analysis/adjustable.ts';
import type { CarrierCompany } from '../../../shared/domain/carrier.ts';
import type { KeyTest } from '../../../shared/domain/key-test.ts';
import { REVIEW_PREFERENCE_BOUNDS } from '../../../shared/domain/review-preferences.ts';

// Optional fields added later (carrier.company) stay at version 1: an older
// RouteLens drops what it does not know instead of refusing the whole file.
export const SETTINGS_VERSION = 1;
export const SETTINGS_FILE = 'settings.json';

export interface Carrier {
  /** UUID for carriers the user adds; a slug for demo carriers. Also names its keychain entry. */
  readonly id: string;
  readonly label: string;
  /** Overrides the provider's base URL for this carrier. */
  readonly baseUrl?: string;
  readonly demo?: boolean;
  /** ISO 8601 UTC. */
  readonly createdAt: string;
  /** Non-secret profile from GET company-info; absent until first fetched. */
  readonly company?: Readonly<CarrierCompany>;
  /**
   * API origins this carrier's Company Key may be sent to: the one it was
   * entered for, and any the user confirmed. Absent or empty: none.
   */
  readonly keyOrigins?: readonly string[];
  /**
   * IANA zone of the carrier's home terminal (canonical spelling). Absent:
   * none was chosen (a carrier from an older file), and this computer's zone
   * stands in. A carrier added now gets one (the computer's zone by default),
   * so its local days do not move when the computer does.
   */
  readonly homeZone?: string;
  /** The last test of its Company Key (result, reason code, time; never the key). Absent: none recorded. */
  readonly lastTest?: Readonly<KeyTest>;
}

export interface ProviderSettings {
  /** Base URL used for carriers without their own; null until configured. */
  readonly baseUrl: string | null;
  /**
   * API origins the stored Provider Key may be sent to: the one it was entered
   * for, and any the user confirmed. An origin is not secret; the key never
   * goes anywhere else (see backend/key-origins.ts).
   */
  readonly keyOrigins: readonly string[];
  /** The Provider Key's last test on entry (result, reason code, time; never the key). Absent: none recorded. */
  readonly lastTest?: Readonly<KeyTest>;
}

export interface Preferences {
  readonly speedingThresholdMph: number;
  /** 'home' (the carrier's home zone, the default), 'local' (the OS zone) or an IANA zone name such as 'America/Chicago'. */
  readonly displayTimeZone: string;
  /** Trip review's analysis parameters; files written before it get the defaults. */
  readonly analysis: Readonly<AdjustableAnalysisParams>;
  /** The review trail's reviewer; '' (the default, and files written before it): the OS user name. */
  readonly reviewerName: string;
  /** Minutes between the app's driver-status snapshots; files written before it get the default. */
  readonly driverSnapshotMinutes: number;
}

/** The user's opt-in to an online basemap style, with the origins the CSP then allows (resolved when chosen). */
export interface OnlineStyleSettings {
  readonly styleUrl: string;
  readonly origins: readonly string[];
}

export interface Settings {
  readonly schemaVersion: typeof SETTINGS_VERSION;
  readonly provider: ProviderSettings;
  readonly preferences: Preferences;
  readonly carriers: readonly Carrier[];
  /** Absent: no online basemap, the strict CSP. Optional, so files written before it still parse. */
  readonly onlineStyle?: OnlineStyleSettings;
}

/**
 * Written beside the preferences: the file's display zone has today's meanings ('local' a choice, 'home' the
 * default). A file without it is from before 'home' existed, when 'local' was the unlabelled default that
 * cannot be told from a choice: its 'local' is read as 'home'. A field, not a schema version, so an older
 * RouteLens still opens the file (it drops the field and reads 'home' as its own default).
 */
export const DISPLAY_ZONE_MEANINGS = 'home-default';

/** A file from before 'home' (no DISPLAY_ZONE_MEANINGS): its 'local' was the default, now 'home'. */
export function displayZoneOf(zone: string, meanings: unknown): string {
  return zone === 'local' && meanings !== DISPLAY_ZONE_MEANINGS ? 'home' : zone;
}

export function defaultSettings(): Settings {
  return {
    schemaVersion: SETTINGS_VERSION,
    provider: { baseUrl: null, keyOrigins: [] },
    preferences: {
      speedingThresholdMph: 70,
      displayTimeZone: 'home',
      analysis: { ...DEFAULT_ADJUSTABLE_PARAMS },
      reviewerName: REVIEW_PREFERENCE_BOUNDS.reviewerName.default,
      driverSnapshotMinutes: REVIEW_PREFERENCE_BOUNDS.driverSnapshotMinutes.default,
    },
    carriers: [],
  };
}
