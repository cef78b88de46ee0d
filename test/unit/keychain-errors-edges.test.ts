/**
 * Keychain error texts and input checks, word for word: error class names,
 * the unavailable message and advice on each platform, the user-facing words
 * (with a blank detail shown as none), redaction of empty secrets, and the
 * exact validation messages and carrier-id limits.
 */
import { describe, expect, it } from 'vitest';
import {
  KeychainError,
  KeychainUnavailableError,
  KeychainValidationError,
  redact,
  unavailableError,
  unavailableHelp,
  unavailableWords,
} from '../../electron/node/keychain/errors.ts';
import { isCarrierId, validateCarrierId, validateKey } from '../../electron/node/keychain/validate.ts';

const LINUX_HELP =
  'Install and unlock a Secret Service provider such as gnome-keyring (Debian/Ubuntu: apt install gnome-keyring ' +
  'libsecret-1-0) and run RouteLens inside a desktop session (one that provides a D-Bus session bus, ' +
  'DBUS_SESSION_BUS_ADDRESS).';
const MAC_HELP = 'Open Keychain Access, unlock the login keychain, and try again.';
const WINDOWS_HELP = 'Make sure Windows Credential Manager is available for your user account, and try again.';

describe('error classes', () => {
  it('name each class after itself, so logs and IPC show which failure it was', () => {
    expect(new KeychainError('x').name).toBe('KeychainError');
    expect(new KeychainValidationError('x').name).toBe('KeychainValidationError');
    expect(new KeychainUnavailableError('x', 'd').name).toBe('KeychainUnavailableError');
    expect(unavailableError('d', 'linux').name).toBe('KeychainUnavailableError');
  });
});

describe('unavailableHelp', () => {
  it('gives each platform its own fix, and Linux advice to any other platform', () => {
    expect(unavailableHelp('linux')).toBe(LINUX_HELP);
    expect(unavailableHelp('darwin')).toBe(MAC_HELP);
    expect(unavailableHelp('win32')).toBe(WINDOWS_HELP);
    expect(unavailableHelp('freebsd')).toBe(LINUX_HELP);
  });
});

describe('unavailableError', () => {
  it('names the Secret Service on Linux and quotes the detail in brackets', () => {
    const e = unavailableError('no session bus', 'linux');
    expect(e).toBeInstanceOf(KeychainUnavailableError);
    expect(e.detail).toBe('no session bus');
    expect(e.message).toBe(
      'No OS keychain is available: RouteLens keeps keys only in a Secret Service keychain over D-Bus, ' +
        'which could not be used (no session bus). ' +
        LINUX_HELP +
        ' Keys are never saved to disk in plain text.',
    );
  });

  it('names the macOS Keychain on darwin', () => {
    expect(unavailableError('locked', 'darwin').message).toBe(
      'No OS keychain is available: RouteLens keeps keys only in the macOS Keychain, which could not be used ' +
        '(locked). Open Keychain Access, unlock the login keychain, and try again. ' +
        'Keys are never saved to disk in plain text.',
    );
  });

  it('names Windows Credential Manager on win32', () => {
    expect(unavailableError('access denied', 'win32').message).toBe(
      'No OS keychain is available: RouteLens keeps keys only in Windows Credential Manager, which could not be ' +
        'used (access denied). Make sure Windows Credential Manager is available for your user account, and try ' +
        'again. Keys are never saved to disk in plain text.',
    );
  });

  it('leaves out the brackets entirely when there is no detail', () => {
    const e = unavailableError('', 'darwin');
    expect(e.detail).toBe('');
    expect(e.message).toBe(
      'No OS keychain is available: RouteLens keeps keys only in the macOS Keychain, which could not be used. ' +
        'Open Keychain Access, unlock the login keychain, and try again. ' +
        'Keys are never saved to disk in plain text.',
    );
  });
});

describe('unavailableWords', () => {
  it('says in one sentence where keys live on each platform, with that platform’s fix', () => {
    expect(unavailableWords('bus gone', 'linux')).toEqual({
      sentence:
        'API keys cannot be saved: RouteLens keeps them only in a Secret Service keychain over D-Bus, ' +
        'and none answered on this computer.',
      help: LINUX_HELP,
      detail: 'bus gone',
    });
    expect(unavailableWords('locked', 'darwin')).toEqual({
      sentence:
        'API keys cannot be saved: RouteLens keeps them only in the macOS Keychain, and none answered on this computer.',
      help: MAC_HELP,
      detail: 'locked',
    });
    expect(unavailableWords('denied', 'win32')).toEqual({
      sentence:
        'API keys cannot be saved: RouteLens keeps them only in Windows Credential Manager, and none answered on ' +
        'this computer.',
      help: WINDOWS_HELP,
      detail: 'denied',
    });
  });

  it.each(['', ' ', ' \n\t '])('gives a null detail for blank text %j', (blank) => {
    expect(unavailableWords(blank, 'linux').detail).toBeNull();
  });

  it('keeps a non-blank detail exactly as given, surrounding spaces included', () => {
    expect(unavailableWords(' dbus: timeout ', 'linux').detail).toBe(' dbus: timeout ');
  });
});

describe('redact', () => {
  it('ignores empty secrets instead of splicing markers between every character', () => {
    expect(redact('abc', [''])).toBe('abc');
    expect(redact('token=abc; again abc', ['', 'abc'])).toBe('token=[redacted]; again [redacted]');
  });
});

describe('validateKey messages', () => {
  it('says non-text input must be text, naming the kind of key', () => {
    expect(() => validateKey('Provider Key', 42)).toThrow(
      new KeychainValidationError('The Provider Key must be text.'),
    );
    expect(() => validateKey('Company Key', undefined)).toThrow('The Company Key must be text.');
  });

  it('says a blank key is empty, naming the kind of key', () => {
    expect(() => validateKey('Company Key', ' \n')).toThrow(new KeychainValidationError('The Company Key is empty.'));
    expect(() => validateKey('Provider Key', '')).toThrow('The Provider Key is empty.');
  });

  it('gives the length and the limit for an over-long key', () => {
    expect(() => validateKey('Provider Key', 'k'.repeat(513))).toThrow(
      'The Provider Key is 513 characters long; at most 512 are allowed.',
    );
  });

  it('gives the 1-based position of a control character', () => {
    expect(() => validateKey('Company Key', 'ab\u0001cd')).toThrow(
      'The Company Key contains a control character at position 3.',
    );
  });
});

describe('carrier id limits', () => {
  it.each(['a', '7', 'ab', 'a-b', 'x'.repeat(64)])('accepts %j', (id) => {
    expect(isCarrierId(id)).toBe(true);
    expect(validateCarrierId(id)).toBe(id);
  });

  it('explains what a carrier id must look like', () => {
    expect(() => validateCarrierId('Bad Id')).toThrow(
      new KeychainValidationError(
        'Invalid carrier id: expected a lower-case slug or UUID (letters a-z, digits and inner hyphens, ' +
          '1 to 64 characters).',
      ),
    );
    expect(isCarrierId(7)).toBe(false);
  });
});
