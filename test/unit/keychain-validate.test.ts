import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { KeychainValidationError } from '../../electron/node/keychain/errors.ts';
import { companyAccount } from '../../electron/node/keychain/accounts.ts';
import { MAX_KEY_LENGTH, validateCarrierId, validateKey } from '../../electron/node/keychain/validate.ts';

const key = (n = 32): string => randomBytes(n).toString('base64url').slice(0, n);

describe('validateKey', () => {
  it('trims surrounding whitespace such as a pasted newline', () => {
    const k = key();
    expect(validateKey('Provider Key', `  ${k}\r\n`)).toBe(k);
  });

  it('keeps legacy system- prefixed Company Keys unchanged', () => {
    const k = `system-${key()}`;
    expect(validateKey('Company Key', k)).toBe(k);
  });

  it.each([
    ['empty', ''],
    ['whitespace only', ' \t\n '],
  ])('refuses an %s key', (_name, value) => {
    expect(() => validateKey('Provider Key', value)).toThrow(KeychainValidationError);
  });

  it('accepts exactly the maximum length and refuses one more', () => {
    expect(validateKey('Company Key', 'k'.repeat(MAX_KEY_LENGTH))).toHaveLength(MAX_KEY_LENGTH);
    expect(() => validateKey('Company Key', 'k'.repeat(MAX_KEY_LENGTH + 1))).toThrow(/at most 512/);
  });

  it.each(['\u0000', '\u0007', '\t', '\n', '\u007f', '\u0085', '\u2028'])(
    'refuses an inner control character U+%s',
    (ch) => {
      const k = `${key(10)}${ch}${key(10)}`;
      expect(() => validateKey('Provider Key', k)).toThrow(/control character at position 11/);
    },
  );

  it('refuses non-text input', () => {
    expect(() => validateKey('Provider Key', 42)).toThrow(KeychainValidationError);
    expect(() => validateKey('Provider Key', null)).toThrow(KeychainValidationError);
  });

  it('never quotes the refused key', () => {
    const k = key(20);
    for (const bad of [`${k}\u0001`, k.repeat(40)]) {
      try {
        validateKey('Company Key', bad);
        expect.unreachable();
      } catch (e) {
        expect((e as Error).message).not.toContain(k);
      }
    }
  });
});

describe('carrier ids and account names', () => {
  it('accepts UUIDs and slugs', () => {
    const uuid = crypto.randomUUID();
    expect(validateCarrierId(uuid)).toBe(uuid);
    expect(validateCarrierId('prairie-line')).toBe('prairie-line');
    expect(companyAccount(uuid)).toBe(`company-key:${uuid}`);
  });

  it.each([
    '',
    'UPPER',
    crypto.randomUUID().toUpperCase(),
    '-lead',
    'trail-',
    'has space',
    'a:b',
    'x'.repeat(65),
    '../x',
  ])('refuses %j', (id) => {
    expect(() => validateCarrierId(id)).toThrow(KeychainValidationError);
    expect(() => companyAccount(id)).toThrow(KeychainValidationError);
  });
});
