export { createSettingsStore, effectiveBaseUrl } from './store.ts';
export type {
  CarrierPatch,
  LoadResult,
  NewCarrier,
  SettingsStore,
  SettingsStoreOptions,
  SettingsWarning,
} from './store.ts';
export { apiOriginOf, MAX_KEY_ORIGINS } from './validate.ts';
export { SETTINGS_FILE, SETTINGS_VERSION, defaultSettings } from './types.ts';
export type { Carrier, OnlineStyleSettings, Preferences, ProviderSettings, Settings } from './types.ts';
export { SettingsError, SettingsValidationError } from './errors.ts';
export { MIGRATIONS, migrate } from './migrate.ts';
export type { Migration } from './migrate.ts';
export { writeFileAtomic } from './atomic-write.ts';
export type { AtomicFs } from './atomic-write.ts';
