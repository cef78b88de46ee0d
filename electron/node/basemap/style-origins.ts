/**
 * Which origins an online MapLibre style needs, so the CSP can allow exactly
 * those: the style's own, its sources' TileJSON and tile URLs, its glyphs and
 * its sprite. https only, except http on loopback (a local tile server).
 */
import { isCspOrigin, MAX_EXTRA_ORIGINS } from '../../../shared/ipc/csp.ts';

export const MAX_STYLE_URL_LENGTH = 2048;

export class StyleUrlError extends Error {
  override name = 'StyleUrlError';
}

/**
 * The origin of `url` if the CSP may allow it, else null (javascript:, data:,
 * file:, plain http off loopback, credentials…). isCspOrigin is the one rule
 * for what an allowed origin is (https, or http on loopback); it also refuses
 * template hosts such as {s}.tiles.example, which the URL parser lets through.
 */
export function allowedOrigin(url: URL): string | null {
  if (url.username !== '' || url.password !== '') return null;
  return isCspOrigin(url.origin) ? url.origin : null;
}

/** Validates the URL the user typed; returns it normalised. */
export function parseStyleUrl(value: unknown): string {
  if (typeof value !== 'string') throw new StyleUrlError('The style URL must be text.');
  const text = value.trim();
  if (text.length > MAX_STYLE_URL_LENGTH)
    throw new StyleUrlError(`The style URL is longer than ${MAX_STYLE_URL_LENGTH} characters.`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new StyleUrlError('The style URL is not a valid URL.');
  }
  if (url.username !== '' || url.password !== '')
    throw new StyleUrlError('The style URL must not contain a user name or password.');
  if (!allowedOrigin(url))
    throw new StyleUrlError(
      'The style URL must start with https:// (or http:// on this computer: 127.0.0.1, localhost, [::1]).',
    );
  return url.href;
}

export interface StyleReferences {
  /** Every absolute URL the style names (sources, tiles, glyphs, sprite), resolved against the style's URL. */
  urls: string[];
  /** Source `url`s: TileJSON documents whose `tiles` may name further origins. */
  tileJsonUrls: string[];
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** Template placeholders ({z}, {fontstack}, {range}) are not part of the origin; pmtiles:// wraps an https URL. */
function resolve(raw: string, base: string): URL | null {
  const inner = raw.startsWith('pmtiles://') ? raw.slice('pmtiles://'.length) : raw;
  try {
    return new URL(inner, base);
  } catch {
    return null;
  }
}

export function styleReferences(style: unknown, styleUrl: string): StyleReferences {
  const urls: string[] = [];
  const tileJsonUrls: string[] = [];
  if (typeof style !== 'object' || style === null) return { urls, tileJsonUrls };
  const s = style as { sources?: unknown; glyphs?: unknown; sprite?: unknown };
  const add = (raw: unknown, list: string[] = urls) => {
    const text = str(raw);
    const url = text ? resolve(text, styleUrl) : null;
    if (url) list.push(url.href);
  };
  if (typeof s.sources === 'object' && s.sources !== null) {
    for (const src of Object.values(s.sources as Record<string, unknown>)) {
      if (typeof src !== 'object' || src === null) continue;
      const { url, tiles, data } = src as { url?: unknown; tiles?: unknown; data?: unknown };
      add(url);
      if (str(url) && !String(url).startsWith('pmtiles://')) add(url, tileJsonUrls);
      if (Array.isArray(tiles)) tiles.forEach((t) => add(t));
      add(data);
    }
  }
  add(s.glyphs);
  if (Array.isArray(s.sprite)) s.sprite.forEach((sp) => add((sp as { url?: unknown } | null)?.url));
  else add(s.sprite);
  return { urls, tileJsonUrls };
}

/**
 * The origins to allow, style's first. URLs on origins the CSP may never allow
 * are left out (those parts of the style will not load); more origins than
 * MAX_EXTRA_ORIGINS is refused rather than silently cut.
 */
export function originsOf(styleUrl: string, urls: readonly string[]): string[] {
  const out: string[] = [];
  for (const u of [styleUrl, ...urls]) {
    const o = allowedOrigin(new URL(u));
    if (o && !out.includes(o)) out.push(o);
  }
  if (out.length > MAX_EXTRA_ORIGINS)
    throw new StyleUrlError(
      `The style uses ${out.length} different servers; at most ${MAX_EXTRA_ORIGINS} are allowed.`,
    );
  return out;
}
