/**
 * Keychain errors. Messages are shown to users and written to logs, so they
 * are built only from our own text and from native messages that went
 * through `redact`; a key never reaches them.
 */

export class KeychainError extends Error {
  override name = 'KeychainError';
}

/** The input was refused before touching the OS keychain. */
export class KeychainValidationError extends KeychainError {
  override name = 'KeychainValidationError';
}

/** No OS keychain answered (or it is locked). Keys are never stored anywhere else. */
export class KeychainUnavailableError extends KeychainError {
  override name = 'KeychainUnavailableError';
  constructor(
    message: string,
    /** The native failure, redacted; useful in diagnostics. */
    readonly detail: string,
  ) {
    super(message);
  }
}

const LINUX_HELP =
  'Install and unlock a Secret Service provider such as gnome-keyring ' +
  '(Debian/Ubuntu: apt install gnome-keyring libsecret-1-0) and run RouteLens inside a desktop session ' +
  '(one that provides a D-Bus session bus, DBUS_SESSION_BUS_ADDRESS).';
const MAC_HELP = 'Open Keychain Access, unlock the login keychain, and try again.';
const WINDOWS_HELP = 'Make sure Windows Credential Manager is available for your user account, and try again.';

export function unavailableHelp(platform: NodeJS.Platform): string {
  if (platform === 'darwin') return MAC_HELP;
  if (platform === 'win32') return WINDOWS_HELP;
  return LINUX_HELP;
}

function storeName(platform: NodeJS.Platform): string {
  if (platform === 'darwin') return 'the macOS Keychain';
  if (platform === 'win32') return 'Windows Credential Manager';
  return 'a Secret Service keychain over D-Bus';
}

export function unavailableError(
  detail: string,
  platform: NodeJS.Platform = process.platform,
): KeychainUnavailableError {
  const message =
    `No OS keychain is available: RouteLens keeps keys only in ${storeName(platform)}, which could not be used` +
    (detail ? ` (${detail})` : '') +
    `. ${unavailableHelp(platform)} Keys are never saved to disk in plain text.`;
  return new KeychainUnavailableError(message, detail);
}

/** What the user reads when no keychain answers: one sentence, the platform's fix, the detail apart. */
export interface KeychainUnavailableWords {
  sentence: string;
  help: string;
  detail: string | null;
}

export function unavailableWords(
  detail: string,
  platform: NodeJS.Platform = process.platform,
): KeychainUnavailableWords {
  return {
    sentence: `API keys cannot be saved: RouteLens keeps them only in ${storeName(platform)}, and none answered on this computer.`,
    help: unavailableHelp(platform),
    detail: detail.trim() === '' ? null : detail,
  };
}

/** Removes every occurrence of the given secrets from a message. */
export function redact(message: string, secrets: readonly string[]): string {
  let out = message;
  for (const s of secrets) if (s.length > 0) out = out.split(s).join('[redacted]');
  return out;
}
