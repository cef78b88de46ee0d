import { apiOriginOf, MAX_KEY_ORIGINS, type Carrier, type Settings } from '../settings/index.ts';
import { UserFacingError } from './failure.ts';

/**
 * Keys are bound to the API origins they were entered for. The settings file
 * remembers, per key, the origins it may be sent to (an origin is not secret;
 * the key stays in the keychain). Changing an API address to another origin
 * does not carry a key over: it is not sent there until the user enters it
 * again for that origin, or confirms in the desktop app's dialog. Whoever can
 * change settings (a compromised page, a stolen bridge token) therefore cannot
 * redirect the stored keys: re-binding a key requires knowing it.
 */

/** The list with `origin` added (most recent last, the oldest dropped past the cap). */
export function withOrigin(origins: readonly string[] | undefined, origin: string): string[] {
  return [...(origins ?? []).filter((o) => o !== origin), origin].slice(-MAX_KEY_ORIGINS);
}

/** The origins a newly entered key may go to: the earlier ones only if it is the same key entered again. */
export function bindEntered(
  previousKey: string | null,
  enteredKey: string,
  previousOrigins: readonly string[] | undefined,
  origin: string,
): string[] {
  return withOrigin(previousKey === enteredKey ? previousOrigins : [], origin);
}

function where(origins: readonly string[] | undefined): string {
  if (!origins || origins.length === 0) return 'no API address';
  return origins.length === 1 ? origins[0]! : `other API addresses (${origins.join(', ')})`;
}

/** Throws, with what to do, unless both keys of a real carrier may be sent to `baseUrl`'s origin. */
export function checkKeysMayGo(settings: Settings, carrier: Carrier, baseUrl: string): void {
  const origin = apiOriginOf(baseUrl);
  if (!settings.provider.keyOrigins.includes(origin)) {
    throw new UserFacingError({
      kind: 'missing-key',
      message: `The Provider Key was entered for ${where(settings.provider.keyOrigins)}, not for ${origin}, and RouteLens sends a key only to the address it was entered for. Enter the Provider Key again in Settings with ${origin} as the API base URL.`,
    });
  }
  if (!(carrier.keyOrigins ?? []).includes(origin)) {
    throw new UserFacingError({
      kind: 'missing-key',
      message: `The Company Key of "${carrier.label}" was entered for ${where(carrier.keyOrigins)}, not for ${origin}, and RouteLens sends a key only to the address it was entered for. Enter its Company Key again on the Carriers screen.`,
    });
  }
}

/** The origin a key entered now is for, or a sentence saying an address is needed first. */
export function originForEntry(baseUrl: string | null, what: string): string {
  if (!baseUrl) {
    throw new UserFacingError({
      kind: 'missing-key',
      message: `Set the API base URL before entering ${what}: RouteLens sends a key only to the address it was entered for.`,
    });
  }
  return apiOriginOf(baseUrl);
}
