/**
 * Where an online style may send the map: checked on the addresses its host
 * names resolve to (dns.lookup, every address), not on how the URL is spelt,
 * so `sneaky.example` resolving to 127.0.0.1 counts as loopback. A remote
 * style may name only public addresses over https; a style loaded from this
 * computer may also name this computer (https, or http). Link-local addresses
 * (169.254.169.254, the cloud metadata service; fe80::/10) are refused for
 * every style, and so are unspecified, multicast and reserved ones.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

export type AddressKind = 'public' | 'loopback' | 'private' | 'link-local' | 'reserved';

export type Lookup = (host: string) => Promise<readonly { address: string; family: number }[]>;

export const defaultLookup: Lookup = (host) => dnsLookup(host, { all: true, verbatim: true });

function blocks(list: [string, number, 'ipv4' | 'ipv6'][]): BlockList {
  const b = new BlockList();
  for (const [net, prefix, type] of list) b.addSubnet(net, prefix, type);
  return b;
}

const LOOPBACK = blocks([
  ['127.0.0.0', 8, 'ipv4'],
  ['::1', 128, 'ipv6'],
]);
const LINK_LOCAL = blocks([
  ['169.254.0.0', 16, 'ipv4'],
  ['fe80::', 10, 'ipv6'],
]);
const PRIVATE = blocks([
  ['10.0.0.0', 8, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'], // carrier-grade NAT: another network's private space
  ['fc00::', 7, 'ipv6'],
]);
const RESERVED = blocks([
  ['0.0.0.0', 8, 'ipv4'],
  ['224.0.0.0', 4, 'ipv4'],
  ['240.0.0.0', 4, 'ipv4'],
  ['::', 128, 'ipv6'],
  ['ff00::', 8, 'ipv6'],
]);

export function addressKind(address: string): AddressKind {
  let ip = address.replace(/^\[|\]$/g, '');
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is that IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) ip = mapped[1]!;
  const family = isIP(ip);
  if (family === 0) return 'reserved';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (LOOPBACK.check(ip, type)) return 'loopback';
  if (LINK_LOCAL.check(ip, type)) return 'link-local';
  if (PRIVATE.check(ip, type)) return 'private';
  if (RESERVED.check(ip, type)) return 'reserved';
  return 'public';
}

const WHAT: Record<Exclude<AddressKind, 'public'>, string> = {
  loopback: 'this computer (a loopback address)',
  private: 'a private network address',
  'link-local': 'a link-local address',
  reserved: 'a reserved address',
};

/** The addresses `host` resolves to (an IP literal is its own), or null when it does not resolve now. */
async function addressesOf(host: string, lookup: Lookup): Promise<string[] | null> {
  const bare = host.replace(/^\[|\]$/g, '');
  if (isIP(bare)) return [bare];
  try {
    const found = await lookup(bare);
    return found.length > 0 ? found.map((a) => a.address) : null;
  } catch {
    return null;
  }
}

/** Whether the style at `styleUrl` is this computer's: every address of its host is loopback. */
export async function isLocalStyle(styleUrl: URL, lookup: Lookup = defaultLookup): Promise<boolean> {
  const addresses = await addressesOf(styleUrl.hostname, lookup);
  return addresses !== null && addresses.every((a) => addressKind(a) === 'loopback');
}

/**
 * Why the style (local or not) may not use `url`, as the end of a sentence,
 * or null when it may; 'unresolved' when its host does not resolve now (left
 * out of the CSP: it could not be checked).
 */
export async function refusedAddress(
  url: URL,
  localStyle: boolean,
  lookup: Lookup = defaultLookup,
  alsoAllowed: readonly AddressKind[] = [],
): Promise<string | 'unresolved' | null> {
  const addresses = await addressesOf(url.hostname, lookup);
  if (addresses === null) return 'unresolved';
  for (const a of addresses) {
    const kind = addressKind(a);
    if (kind === 'public') {
      if (url.protocol !== 'https:') return 'it is not https';
      continue;
    }
    if ((kind === 'loopback' && localStyle) || alsoAllowed.includes(kind)) continue;
    return `${url.hostname} is ${WHAT[kind]} (${a})${kind === 'loopback' ? ', which only a style loaded from this computer may use' : ''}`;
  }
  return null;
}
