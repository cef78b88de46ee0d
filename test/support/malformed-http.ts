/**
 * A seeded generator of malformed (and a few well-formed) HTTP/1.1 requests
 * for fuzzing the browser shell over raw sockets: broken request lines and
 * escapes, hostile paths, wrong or duplicated headers, lying framing, and
 * bodies no JSON parser likes. The same seed always gives the same requests.
 */
import { rng } from './tracks.ts';

export interface ShellTarget {
  host: string;
  origin: string;
  token: string;
}

export interface FuzzRequest {
  bytes: Buffer;
  /** The framing is sound, so the shell answers it completely before closing (the client waits for that answer). */
  framed: boolean;
}

const METHODS = [
  'GET',
  'POST',
  'HEAD',
  'PUT',
  'DELETE',
  'OPTIONS',
  'PATCH',
  'TRACE',
  'get',
  'P0ST',
  'G ET',
  '',
  'X'.repeat(300),
];
const VERSIONS = [
  'HTTP/1.1',
  'HTTP/1.1',
  'HTTP/1.1',
  'HTTP/1.0',
  'HTTP/2.0',
  'HTTP/9.9',
  'HTTP/1',
  'http/1.1',
  '',
  'HTTP/1.1 extra',
];
const PATHS = [
  '/',
  '//[',
  '//[::1',
  '//',
  '///',
  '/%',
  '/%E0%A4%A',
  '/%C0%AF',
  '/%FF%FE',
  '/%00',
  '/%0d%0aSet-Cookie:x',
  '/a%2f..%2f..%2fetc%2fpasswd',
  '/../../etc/passwd',
  '/%2e%2e/%2e%2e/secret',
  '/..\\..\\win.ini',
  '/index.html',
  '/index.html?%zz',
  '/index.html#frag',
  '/assets/',
  '*',
  'http://evil.example/',
  'https://127.0.0.1/',
  'index.html',
  '',
  '/api',
  '/api/',
  '/api//[',
  '/api/%',
  '/api/%E0%A4%A',
  '/api/%00',
  '/api/app:getInfo',
  '/api/app%3AgetInfo',
  '/api/carriers:list',
  '/api/downloads:poll',
  '/api/carriers:rename',
  '/api/fleet:vehicles',
  '/api/fs:readFile',
  '/api/__proto__',
  '/api/constructor',
  '/api/toString',
  '/api/hasOwnProperty',
  '/api/../index.html',
];
/** Channels the fuzz may call with the real token: their handlers only read, or fail on unknown ids. */
const SAFE_CHANNELS = [
  'app:getInfo',
  'carriers:list',
  'carriers:rename',
  'downloads:poll',
  'fleet:vehicles',
  'settings:getPreferences',
  'exports:write',
  'exports:abort',
];

export function createMalformedRequests(seed: number, t: ShellTarget): () => FuzzRequest {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const chance = (p: number) => r() < p;
  const int = (n: number) => Math.floor(r() * n);
  const randomBytes = (n: number) => Buffer.from(Array.from({ length: n }, () => int(256)));
  const randomText = (n: number) => Array.from({ length: n }, () => String.fromCharCode(int(0x250))).join('');

  const target = (): string => {
    if (chance(0.1)) return `/${'a'.repeat(1 + int(20_000))}`;
    if (chance(0.1)) return `/${encodeURIComponent(randomText(1 + int(40)))}`;
    if (chance(0.05)) return randomBytes(1 + int(30)).toString('latin1');
    const p = pick(PATHS);
    return chance(0.2) ? `${p}${pick(['?', '?a=1&b=%zz', '#x', '%', ';', '/..'])}` : p;
  };

  const args = (): string => {
    const forms = [
      '[]',
      '[1]',
      'null',
      '{}',
      '"x"',
      '[',
      ']',
      '{"a":',
      '',
      '\u0000',
      'NaN',
      '[1e999]',
      '[-0]',
      '["x",true]',
      '[null,null,null]',
      '[{"$typed":"Float64Array","base64":"!!!"}]',
      '[{"$typed":"Nope","base64":"AAAA"}]',
      '[{"$typed":"Float64Array","base64":"AAA"}]',
      '[{"__proto__":{"polluted":true}}]',
      '[{"constructor":{"prototype":{"x":1}}}]',
      `["${'x'.repeat(int(70_000))}"]`,
      `${'['.repeat(1 + int(50_000))}${']'.repeat(int(3))}`,
      '["demo-x", 0]',
      '["00000000-0000-4000-8000-000000000000", 0]',
      `["${randomText(20).replace(/["\\]/g, '')}"]`,
    ];
    return chance(0.1) ? randomBytes(int(400)).toString('latin1') : pick(forms);
  };

  /** A plausible bridge request, every part of which may be wrong. */
  const bridge = (): FuzzRequest => {
    const channel = chance(0.7)
      ? pick(SAFE_CHANNELS)
      : pick(['fs:readFile', '', '%', '%E0%A4%A', 'a'.repeat(3000), 'app:getInfo%00']);
    const body = Buffer.from(args(), 'latin1');
    const headers: string[] = [
      `Host: ${chance(0.9) ? t.host : pick(['evil.example', '', t.host.toUpperCase(), `${t.host}, evil.example`])}`,
    ];
    if (chance(0.9))
      headers.push(
        `Origin: ${chance(0.85) ? t.origin : pick(['null', 'http://evil.example', `${t.origin}.evil.example`, ''])}`,
      );
    if (chance(0.9))
      headers.push(
        `X-RouteLens-Token: ${chance(0.85) ? t.token : pick(['', 'x', t.token.slice(1), `${t.token}x`, 'é'.repeat(32)])}`,
      );
    if (chance(0.05)) headers.push(`X-RouteLens-Token: ${t.token}`);
    headers.push(
      `Content-Type: ${chance(0.9) ? 'application/json' : pick(['text/plain', '', 'application/jsonx', 'multipart/form-data; boundary=x'])}`,
    );
    let framed = true;
    let payload = body;
    const framing = r();
    if (framing < 0.15) {
      // Chunked, sometimes with broken chunk sizes.
      headers.push('Transfer-Encoding: chunked');
      const sound = chance(0.6);
      framed = sound;
      payload = Buffer.concat([
        Buffer.from(`${sound ? body.length.toString(16) : pick(['zz', '-1', 'ffffffffffffffff', ''])}\r\n`),
        body,
        Buffer.from('\r\n0\r\n\r\n'),
      ]);
      if (chance(0.2)) headers.push(`Content-Length: ${body.length}`);
    } else if (framing < 0.3) {
      // Content-Length that lies, is not a number, or is duplicated.
      framed = false;
      headers.push(
        `Content-Length: ${pick([String(body.length + 1 + int(1000)), '-1', 'abc', '1e3', `${body.length}, ${body.length + 1}`, '99999999999999999999'])}`,
      );
    } else if (framing < 0.35) {
      headers.push(`Content-Length: ${3 * 1024 * 1024}`);
      payload = Buffer.alloc(int(64 * 1024), 0x5b);
      framed = false;
    } else {
      headers.push(`Content-Length: ${body.length}`);
    }
    headers.push('Connection: close');
    const head = `POST /api/${channel} HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n`;
    return { bytes: Buffer.concat([Buffer.from(head, 'latin1'), payload]), framed };
  };

  /** Anything at all in the request line and headers. */
  const wild = (): FuzzRequest => {
    const headers: string[] = [];
    if (chance(0.8))
      headers.push(`Host: ${chance(0.8) ? t.host : pick(['', 'a b', 'x'.repeat(5000), '127.0.0.1', t.origin])}`);
    if (chance(0.1)) headers.push(`Host: ${t.host}`);
    if (chance(0.1)) headers.push('X-Long: ' + 'y'.repeat(int(40_000)));
    if (chance(0.1)) headers.push(randomBytes(1 + int(60)).toString('latin1'));
    if (chance(0.1)) headers.push('NoColonHere');
    if (chance(0.05)) headers.push(' folded: continuation');
    if (chance(0.05)) headers.push('Expect: 100-continue');
    if (chance(0.05)) headers.push('Upgrade: websocket', 'Connection: Upgrade');
    if (chance(0.05)) headers.push('Transfer-Encoding: gzip, chunked');
    if (chance(0.05)) for (let i = 0; i < 200; i++) headers.push(`X-Many-${i}: ${i}`);
    const line = `${pick(METHODS)} ${target()} ${pick(VERSIONS)}`;
    const tail = chance(0.1) ? '' : '\r\n\r\n';
    const lineEnd = chance(0.1) ? '\n' : '\r\n';
    const head = [line, ...headers].join(lineEnd) + tail;
    return { bytes: Buffer.from(head, 'latin1'), framed: false };
  };

  /** A well-framed GET of a hostile target: it reaches the static files' branch and is answered in full. */
  const get = (): FuzzRequest => ({
    bytes: Buffer.from(
      `${pick(['GET', 'HEAD', 'DELETE'])} ${target()} HTTP/1.1\r\nHost: ${t.host}\r\nConnection: close\r\n\r\n`,
      'latin1',
    ),
    framed: true,
  });

  return () => {
    const x = r();
    return x < 0.45 ? bridge() : x < 0.65 ? get() : wild();
  };
}
