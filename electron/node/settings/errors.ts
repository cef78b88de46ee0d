export class SettingsError extends Error {
  override name = 'SettingsError';
}

/** A value given to the store (or found in the file) breaks the schema. */
export class SettingsValidationError extends SettingsError {
  override name = 'SettingsValidationError';
}
