import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Backend } from '../../electron/node/backend/backend.ts';
import { dispatch } from '../../electron/node/backend/dispatch.ts';
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
    backend = createTestBackend(dataDir, { onlineStyle: { timeoutMs: 2000 } });
  });
  afterAll(async () => {
    await backend.close();
    await styles.close();
    await tileJson.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('collects the style, TileJSON, tile and glyph origins (reading the TileJSON too)', async () => {
    const got = await resolveOnlineStyle(`${styles.origin}/style.json`);
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
