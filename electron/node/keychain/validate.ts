/**
 * Input checks run before anything reaches the OS keychain. Error messages
 * describe the problem (position, length) but never quote the input, since
 * the input is a key.
 */
import { KeychainValidationError } from './errors.ts';
import { CONTROL_CHARS } from '../../../shared/domain/label.ts';

export const MAX_KEY_LENGTH = 512;

export type KeyKind = 'Provider Key' | 'Company Key';

/** Returns the key trimmed of surrounding whitespace (a paste often carries a newline). */
export function validateKey(kind: KeyKind, value: unknown): string {
  if (typeof value !== 'string') throw new KeychainValidationError(`The ${kind} must be text.`);
  const key = value.trim();
  if (key.length === 0) throw new KeychainValidationError(`The ${kind} is empty.`);
  if (key.length > MAX_KEY_LENGTH) {
    throw new KeychainValidationError(
      `The ${kind} is ${key.length} characters long; at most ${MAX_KEY_LENGTH} are allowed.`,
    );
  }
  const match = CONTROL_CHARS.exec(key);
  if (match) {
    throw new KeychainValidationError(`The ${kind} contains a control character at position ${match.index + 1}.`);
  }
  return key;
}

/**
 * Lower-case slugs and UUIDs. Upper case is refused rather than folded so one
 * carrier can never end up with two keychain entries.
 */
const CARRIER_ID = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

export function isCarrierId(value: unknown): value is string {
  return typeof value === 'string' && CARRIER_ID.test(value);
}

export function validateCarrierId(value: unknown): string {
  if (!isCarrierId(value)) {
    throw new KeychainValidationError(
      'Invalid carrier id: expected a lower-case slug or UUID (letters a-z, digits and inner hyphens, 1 to 64 characters).',
    );
  }
  return value;
}
