/**
 * Upgrades older settings documents step by step, one schema version at a
 * time, before validation. Version 1 is the first released schema, so the
 * built-in list is empty; a future version N adds `{ from: N - 1, ... }`.
 */
import { SettingsValidationError } from './errors.ts';

export interface Migration {
  from: number;
  /** Receives the version `from` document; its result is stamped `from + 1`. */
  migrate(doc: Record<string, unknown>): Record<string, unknown>;
}

export const MIGRATIONS: readonly Migration[] = [];

export interface MigrationResult {
  doc: Record<string, unknown>;
  fromVersion: number;
}

export function migrate(
  value: unknown,
  target: number,
  migrations: readonly Migration[] = MIGRATIONS,
): MigrationResult {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new SettingsValidationError('settings: must be an object');
  }
  let doc = value as Record<string, unknown>;
  const fromVersion = doc.schemaVersion;
  if (typeof fromVersion !== 'number' || !Number.isInteger(fromVersion) || fromVersion < 0) {
    throw new SettingsValidationError('schemaVersion: missing or not a whole number');
  }
  if (fromVersion > target) {
    throw new SettingsValidationError(
      `schemaVersion: ${fromVersion} was written by a newer RouteLens (this one reads up to ${target})`,
    );
  }
  for (let v = fromVersion; v < target; v++) {
    const step = migrations.find((m) => m.from === v);
    if (!step) throw new SettingsValidationError(`schemaVersion: no migration from version ${v}`);
    doc = { ...step.migrate(doc), schemaVersion: v + 1 };
  }
  return { doc, fromVersion };
}
