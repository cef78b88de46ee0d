import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../electron/node/backend/backend.ts';
import { dispatch } from '../../electron/node/backend/dispatch.ts';
import { defaultLookup, type Lookup } from '../../electron/node/basemap/address-check.ts';
import { resolveOnlineStyle } from '../../electron/node/basemap/resolve-online-style.ts';
import { createSettingsStore } from '../../electron/node/settings/index.ts';
import type { IpcReply, OnlineStyleChoice } from '../../shared/ipc/contract.ts';
import { createTestBackend } from '../support/test-backend.ts';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

async function serve(handler: Handler): Promise<{ origin: string; hits: string[]; close: () => Promise<void> }> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    handler(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/**
 * The test's DNS: the made-up public names at documentation-free public addresses, `sneaky.example` at this
 * computer (a name is judged by what it resolves to), every other name (localhost) by the system's resolver.
 */
const NAMES: Record<string, string> = {
  'tiles.example.com': '93.184.215.14',
  'maps.example.net': '93.184.215.15',
  'sneaky.example': '127.0.0.1',
};
const lookup: Lookup = async (host) => (NAMES[host] ? [{ address: NAMES[host], family: 4 }] : defaultLookup(host));

const json = (res: http.ServerResponse, body: unknown) => {
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
};

describe('online style: origins resolved on the backend over loopback HTTP', () => {
  let styles: Awaited<ReturnType<typeof serve>>;
  let tileJson: Awaited<ReturnType<typeof serve>>;
  const tilesOrigin = 'https://tiles.example.com';
  let dataDir: string;
  let backend: Backend;

  beforeAll(async () => {
    tileJson = await serve((_req, res) => json(res, { tilejson: '3.0.0', tiles: [`${tilesOrigin}/{z}/{x}/{y}.png`] }));
    styles = await serve((req, res) => {
      if (req.url === '/style.json') {
        return json(res, {
          version: 8,
          sources: { base: { type: 'raster', url: `${tileJson.origin}/tiles.json`, tileSize: 256 } },
          glyphs: '/fonts/{fontstack}/{range}.pbf',
          layers: [{ id: 'base', type: 'raster', source: 'base' }],
        });
      }
      if (req.url === '/not-a-style.json') return json(res, { hello: 'world' });
      if (req.url === '/huge.json') return json(res, { version: 8, layers: [], pad: 'x'.repeat(64 * 1024) });
      if (req.url === '/moved.json') {
        res.writeHead(302, { Location: 'https://elsewhere.example.com/style.json' });
        return res.end();
      }
      if (req.url === '/slow.json') return; // never answers
      res.writeHead(404).end();
    });
    dataDir = mkdtempSync(path.join(tmpdir(), 'routelens-online-style-'));
    backend = createTestBackend(dataDir, { onlineStyle: { timeoutMs: 2000, lookup } });
  });
  afterAll(async () => {
    await backend.close();
    await styles.close();
    await tileJson.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('collects the style, TileJSON, tile and glyph origins (reading the TileJSON too)', async () => {
    const got = await resolveOnlineStyle(`${styles.origin}/style.json`, { lookup });
    expect(got.styleUrl).toBe(`${styles.origin}/style.json`);
    expect([...got.origins].sort()).toEqual([styles.origin, tileJson.origin, tilesOrigin].sort());
    expect(tileJson.hits).toEqual(['/tiles.json']);
  });

  it('refuses what is not a style, too large, redirected or too slow', async () => {
    await expect(resolveOnlineStyle(`${styles.origin}/not-a-style.json`)).rejects.toThrow(/not a MapLibre style/);
    await expect(resolveOnlineStyle(`${styles.origin}/huge.json`, { maxBytes: 16 * 1024 })).rejects.toThrow(
      /larger than/,
    );
    await expect(resolveOnlineStyle(`${styles.origin}/moved.json`)).rejects.toThrow(/redirects|could not be reached/);
    await expect(resolveOnlineStyle(`${styles.origin}/slow.json`, { timeoutMs: 200 })).rejects.toThrow(
      /did not answer/,
    );
    await expect(resolveOnlineStyle(`${styles.origin}/missing.json`)).rejects.toThrow(/404/);
  });

  it('persists the opt-in through the IPC handler, exposes its origins to the shells, and forgets them on opt-out', async () => {
    const call = async <T>(channel: 'settings:setOnlineStyle' | 'settings:getOnlineStyle', ...args: unknown[]) =>
      (await dispatch(backend, channel, args, true)) as IpcReply<T>;
    const set = await call<OnlineStyleChoice>('settings:setOnlineStyle', `${styles.origin}/style.json`);
    expect(set.ok).toBe(true);
    expect(await backend.cspOrigins()).toContain(tileJson.origin);
    const file = JSON.parse(readFileSync(path.join(dataDir, 'settings.json'), 'utf8')) as {
      onlineStyle?: OnlineStyleChoice;
    };
    expect(file.onlineStyle?.styleUrl).toBe(`${styles.origin}/style.json`);
    expect(await call('settings:getOnlineStyle')).toEqual(set);

    // Arguments the guard refuses never reach the handler; the handler's own refusals are readable sentences.
    for (const bad of ['javascript:alert(1)', 'http://example.com/style.json', 'file:///etc/passwd', 42]) {
      expect(await call('settings:setOnlineStyle', bad)).toMatchObject({ ok: false, error: { kind: 'bad-request' } });
    }
    const notStyle = await call('settings:setOnlineStyle', `${styles.origin}/not-a-style.json`);
    expect(notStyle).toMatchObject({
      ok: false,
      error: { kind: 'bad-request', message: expect.stringContaining('cannot be used') },
    });
    expect(await backend.cspOrigins()).toContain(tileJson.origin);

    expect(await call('settings:setOnlineStyle', null)).toEqual({ ok: true, result: null });
    expect(await backend.cspOrigins()).toEqual([]);
    expect(JSON.parse(readFileSync(path.join(dataDir, 'settings.json'), 'utf8'))).not.toHaveProperty('onlineStyle');
  });

  it('drops a hand-edited opt-in that would widen the CSP beyond allowed origins, keeping the rest of the settings', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'routelens-online-style-edit-'));
    try {
      writeFileSync(
        path.join(dir, 'settings.json'),
        JSON.stringify({
          schemaVersion: 1,
          provider: { baseUrl: null },
          preferences: { speedingThresholdMph: 65, displayTimeZone: 'UTC' },
          carriers: [],
          onlineStyle: { styleUrl: 'https://maps.example.com/style.json', origins: ['*', 'https:'] },
        }),
      );
      const loaded = await createSettingsStore({ dataDir: dir }).load();
      expect(loaded.warning).toBeUndefined();
      expect(loaded.settings.preferences.speedingThresholdMph).toBe(65);
      expect(loaded.settings.onlineStyle).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/**
 * Issue 32, 5: a style from another computer (served here through a fetch that
 * maps its https name onto a loopback server) may name only public https
 * servers: loopback (by name, by address, or by what a name resolves to) and
 * link-local or private addresses refuse the whole style with a sentence,
 * before any of them is fetched, and the CSP is not widened. Link-local is
 * refused for a style from this computer too.
 */
describe('online style: servers a style may not name', () => {
  let remote: Awaited<ReturnType<typeof serve>>;
  let dataDir: string;
  let backend: Backend;
  const fetched: string[] = [];
  const styleOf = (name: string): Record<string, unknown> | undefined =>
    ({
      '/redis.json': { sources: { s: { type: 'vector', url: 'http://localhost:6379/' } } },
      '/metadata.json': {
        sources: { s: { type: 'raster', tiles: ['https://169.254.169.254/latest/{z}/{x}/{y}.png'] } },
      },
      '/sneaky.json': { glyphs: 'https://sneaky.example/fonts/{fontstack}/{range}.pbf', sources: {} },
      '/mapped.json': {
        sources: { s: { type: 'raster', tiles: ['https://[::ffff:127.0.0.1]:8443/{z}/{x}/{y}.png'] } },
      },
      '/private.json': { sources: { s: { type: 'vector', url: 'https://10.1.2.3/tiles.json' } } },
      '/fine.json': {
        sources: { s: { type: 'raster', tiles: ['https://tiles.example.com/{z}/{x}/{y}.png'] } },
        glyphs: '/fonts/{fontstack}/{range}.pbf',
      },
    })[name];
  // Only the remote style's own server is reachable: it is this loopback server under an https name.
  const remoteFetch: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    fetched.push(url.href);
    if (url.hostname !== 'maps.example.net') throw new TypeError('fetch failed');
    return fetch(`${remote.origin}${url.pathname}`, init);
  };

  beforeAll(async () => {
    remote = await serve((req, res) => {
      const style = styleOf(req.url ?? '');
      if (!style) return void res.writeHead(404).end();
      json(res, { version: 8, layers: [], ...style });
    });
    dataDir = mkdtempSync(path.join(tmpdir(), 'routelens-online-style-remote-'));
    backend = createTestBackend(dataDir, { onlineStyle: { timeoutMs: 2000, lookup, fetch: remoteFetch } });
  });
  afterAll(async () => {
    await backend.close();
    await remote.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each([
    [
      '/redis.json',
      /names http:\/\/localhost:6379, and localhost is this computer \(a loopback address\) \([^)]+\), which only a style loaded from this computer may use\.$/,
    ],
    ['/metadata.json', /names https:\/\/169\.254\.169\.254, and 169\.254\.169\.254 is a link-local address/],
    [
      '/sneaky.json',
      /names https:\/\/sneaky\.example, and sneaky\.example is this computer \(a loopback address\) \(127\.0\.0\.1\)/,
    ],
    ['/mapped.json', /is this computer \(a loopback address\)/],
    ['/private.json', /names https:\/\/10\.1\.2\.3, and 10\.1\.2\.3 is a private network address/],
  ])(
    'a remote style %s is refused with a sentence, before anything it names is fetched; the CSP stays as it was',
    async (name, sentence) => {
      fetched.length = 0;
      const reply = (await dispatch(
        backend,
        'settings:setOnlineStyle',
        [`https://maps.example.net${name}`],
        true,
      )) as IpcReply<unknown>;
      expect(reply).toMatchObject({ ok: false, error: { kind: 'bad-request' } });
      const message = (reply as { error: { message: string } }).error.message;
      expect(message).toMatch(/^The online style cannot be used: it names /);
      expect(message).toMatch(sentence);
      expect(fetched).toEqual([`https://maps.example.net${name}`]);
      expect(await backend.cspOrigins()).toEqual([]);
    },
  );

  it('a remote style naming public https servers (and its own) passes, and the CSP allows exactly those', async () => {
    const reply = (await dispatch(
      backend,
      'settings:setOnlineStyle',
      ['https://maps.example.net/fine.json'],
      true,
    )) as IpcReply<unknown>;
    expect(reply.ok).toBe(true);
    expect([...(await backend.cspOrigins())].sort()).toEqual(['https://maps.example.net', 'https://tiles.example.com']);
    await dispatch(backend, 'settings:setOnlineStyle', [null], true);
  });

  it('a style loaded from this computer may name this computer, never a link-local address', async () => {
    const local = await serve((req, res) =>
      req.url === '/ok.json'
        ? json(res, {
            version: 8,
            layers: [],
            sources: { s: { type: 'raster', tiles: ['http://localhost:8080/{z}/{x}/{y}.png'] } },
          })
        : json(res, {
            version: 8,
            layers: [],
            sources: { s: { type: 'raster', tiles: ['https://169.254.169.254/{z}/{x}/{y}.png'] } },
          }),
    );
    try {
      const ok = await resolveOnlineStyle(`${local.origin}/ok.json`, { lookup });
      expect(ok.origins).toEqual([local.origin, 'http://localhost:8080']);
      await expect(resolveOnlineStyle(`${local.origin}/bad.json`, { lookup })).rejects.toThrow(
        /it names https:\/\/169\.254\.169\.254, and 169\.254\.169\.254 is a link-local address/,
      );
    } finally {
      await local.close();
    }
  });
});
