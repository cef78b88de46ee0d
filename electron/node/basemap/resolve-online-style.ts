/**
 * Fetches an online style (and its TileJSONs) on the backend, once, when the
 * user opts in, to learn the origins the CSP must allow. Bounded in time and
 * size; redirects are refused because the CSP would have to follow them too.
 */
import { readCappedBody } from '../api/read-capped.ts';
import { allowedOrigin, originsOf, parseStyleUrl, styleReferences, StyleUrlError } from './style-origins.ts';
import { defaultLookup, isLocalStyle, refusedAddress, type Lookup } from './address-check.ts';

export interface OnlineStyle {
  styleUrl: string;
  origins: string[];
}

export interface ResolveOptions {
  fetch?: typeof fetch;
  /** Per document. Default 8 s. */
  timeoutMs?: number;
  /** Per document. Default 1 MiB. */
  maxBytes?: number;
  /** TileJSON documents read at most. Default 8. */
  maxTileJsons?: number;
  /** Resolves a host name to its addresses. Default dns.lookup (all addresses). */
  lookup?: Lookup;
}

async function fetchJson(url: string, opts: Required<ResolveOptions>): Promise<unknown> {
  let res: Response;
  try {
    res = await opts.fetch(url, {
      redirect: 'error',
      signal: AbortSignal.timeout(opts.timeoutMs),
      headers: { Accept: 'application/json' },
    });
  } catch (err) {
    const timedOut = err instanceof Error && err.name === 'TimeoutError';
    throw new StyleUrlError(
      timedOut
        ? `${url} did not answer within ${opts.timeoutMs / 1000} s.`
        : `${url} could not be reached (or it redirects elsewhere).`,
    );
  }
  if (!res.ok) throw new StyleUrlError(`${url} answered ${res.status}.`);
  const body = await readCappedBody(res, opts.maxBytes);
  if (body === 'too-large') throw new StyleUrlError(`${url} is larger than ${opts.maxBytes} bytes.`);
  try {
    return JSON.parse(Buffer.from(body).toString('utf8')) as unknown;
  } catch {
    throw new StyleUrlError(`${url} is not JSON.`);
  }
}

const isStyle = (v: unknown) =>
  typeof v === 'object' &&
  v !== null &&
  (v as { version?: unknown }).version === 8 &&
  Array.isArray((v as { layers?: unknown }).layers);

export async function resolveOnlineStyle(rawUrl: unknown, options: ResolveOptions = {}): Promise<OnlineStyle> {
  const opts: Required<ResolveOptions> = {
    fetch: globalThis.fetch,
    timeoutMs: 8000,
    maxBytes: 1024 * 1024,
    maxTileJsons: 8,
    lookup: defaultLookup,
    ...options,
  };
  const styleUrl = parseStyleUrl(rawUrl);
  const own = new URL(styleUrl);
  const local = await isLocalStyle(own, opts.lookup);
  // The server the user typed may be on their own network, never a link-local or reserved address.
  const ownProblem = await refusedAddress(own, true, opts.lookup, ['private']);
  if (ownProblem === 'unresolved') throw new StyleUrlError(`${own.hostname} could not be resolved.`);
  if (ownProblem !== null) throw new StyleUrlError(`its address cannot be used: ${ownProblem}.`);
  const style = await fetchJson(styleUrl, opts);
  if (!isStyle(style)) throw new StyleUrlError(`${styleUrl} is not a MapLibre style (version 8 with layers).`);
  const refs = styleReferences(style, styleUrl);
  const urls = [...refs.urls];
  // Every server the style names is checked before any is fetched: one it may not use refuses the style.
  const passed = await checkedUrls(refs.urls, own.origin, local, opts.lookup);
  for (const tileJsonUrl of refs.tileJsonUrls.slice(0, opts.maxTileJsons)) {
    // Only TileJSONs the CSP could allow are read: the backend must not be a way to reach anything else.
    if (!allowedOrigin(new URL(tileJsonUrl)) || !passed.has(tileJsonUrl)) continue;
    // A TileJSON that fails now is left to fail in the map, with its note; the style itself did load.
    const tileJson = await fetchJson(tileJsonUrl, opts).catch(() => null);
    const tiles = (tileJson as { tiles?: unknown } | null)?.tiles;
    if (!Array.isArray(tiles)) continue;
    for (const t of tiles) {
      if (typeof t !== 'string') continue;
      try {
        urls.push(new URL(t, tileJsonUrl).href);
      } catch {
        // Not a URL: MapLibre cannot load it either.
      }
    }
  }
  const tileUrls = urls.slice(refs.urls.length);
  const passedTiles = await checkedUrls(tileUrls, own.origin, local, opts.lookup);
  return { styleUrl, origins: originsOf(styleUrl, [...passed, ...passedTiles]) };
}

/**
 * The URLs whose servers the style may use (a host that does not resolve now
 * is left out: it could not be checked, so the CSP does not allow it); throws
 * the sentence for the first that it may not use at all.
 */
async function checkedUrls(
  urls: readonly string[],
  styleOrigin: string,
  local: boolean,
  lookup: Lookup,
): Promise<Set<string>> {
  // The style's own server was checked already; its own URLs add no other server.
  const byOrigin = new Map<string, string | 'unresolved' | null>([[styleOrigin, null]]);
  const out = new Set<string>();
  for (const u of urls) {
    const url = new URL(u);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
    if (!byOrigin.has(url.origin)) {
      const address = await refusedAddress(url, local, lookup);
      const plainHttp =
        url.protocol === 'http:' && !local
          ? 'it is not https (only a style loaded from this computer may name http servers)'
          : null;
      byOrigin.set(url.origin, address === null ? plainHttp : address);
    }
    const problem = byOrigin.get(url.origin)!;
    if (problem === 'unresolved') continue;
    if (problem !== null) throw new StyleUrlError(`it names ${url.origin}, and ${problem}.`);
    out.add(u);
  }
  return out;
}
