import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_ENTRY_URL,
  APP_SCHEME,
  APP_SCHEME_PRIVILEGES,
  appProtocolResponse,
  isAppUrl,
  loadRenderer,
  type UrlLoader,
} from '../../electron/main/app-origin.ts';
import { serveRendererFile, type RendererFiles } from '../../electron/node/renderer-files/serve.ts';
import { CONTENT_SECURITY_POLICY, contentSecurityPolicy, metaPolicy } from '../../shared/ipc/csp.ts';

/**
 * The Electron main's origin, scheme and protocol handler, driven with fakes
 * and real Fetch Request/Response objects (Electron's protocol.handle takes and
 * returns the same types); Electron itself cannot run here.
 */
const MAIN_DIR = path.resolve(import.meta.dirname, '../../electron/main');

describe('the app origin', () => {
  it('is app://routelens, a standard secure scheme that keeps the CSP and is not readable cross-origin', () => {
    expect(APP_ENTRY_URL).toBe('app://routelens/index.html');
    expect(APP_SCHEME_PRIVILEGES.scheme).toBe(APP_SCHEME);
    expect(APP_SCHEME_PRIVILEGES.privileges).toEqual({
      standard: true,
      secure: true,
      supportFetchAPI: true,
      codeCache: true,
    });
  });

  it.each([
    ['app://routelens/index.html', true],
    ['app://routelens/index.html#/review', true],
    ['app://routelens/index.html?x=1', true],
    ['app://routelens/assets/index.js', true],
    ['app://other/index.html', false],
    ['app://routelens.evil.example/index.html', false],
    ['app://routelens:8080/index.html', false],
    ['app://user@routelens/index.html', false],
    ['app://user:pw@routelens/index.html', false],
    ['app:routelens/index.html', false],
    ['file:///opt/RouteLens/resources/app.asar/out/renderer/index.html', false],
    ['http://routelens/index.html', false],
    ['https://routelens/index.html', false],
    ['http://localhost:5173/', false],
    ['javascript:alert(1)', false],
    ['about:blank', false],
    ['not a url', false],
    ['', false],
  ])('%j is the app: %s', (url, expected) => {
    expect(isAppUrl(url)).toBe(expected);
  });

  it("in `npm start`, accepts the dev server's origin only", () => {
    const dev = 'http://localhost:5173';
    expect(isAppUrl('http://localhost:5173/index.html', dev)).toBe(true);
    expect(isAppUrl('http://localhost:5174/index.html', dev)).toBe(false);
    expect(isAppUrl('app://routelens/index.html', dev)).toBe(false);
    expect(isAppUrl('file:///tmp/index.html', 'file:///tmp/index.html')).toBe(false); // opaque "null" origins never match
    expect(isAppUrl('http://localhost:5173/', 'not a url')).toBe(false);
  });

  it('loads the window from app://routelens (or the dev server), never from a file', async () => {
    const loaded: string[] = [];
    const win: UrlLoader & { loadFile(file: string): Promise<void> } = {
      loadURL: async (url) => void loaded.push(url),
      loadFile: async () => {
        throw new Error('loadFile must not be used');
      },
    };
    await loadRenderer(win);
    await loadRenderer(win, 'http://localhost:5173/');
    expect(loaded).toEqual([APP_ENTRY_URL, 'http://localhost:5173/']);
    expect(loaded.some((u) => u.startsWith('file:'))).toBe(false);
  });
});

describe('the app:// protocol handler', () => {
  let dir: string;
  let files: RendererFiles;
  let origins: readonly string[] = [];

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'routelens-app-origin-'));
    const root = path.join(dir, 'renderer');
    mkdirSync(path.join(root, 'assets'), { recursive: true });
    writeFileSync(
      path.join(root, 'index.html'),
      `<head><meta http-equiv="Content-Security-Policy" content="${metaPolicy(CONTENT_SECURITY_POLICY)}" /></head><div id="root"></div>`,
    );
    writeFileSync(path.join(root, 'assets', 'index.js'), 'export const x = 1;');
    writeFileSync(path.join(dir, 'secret.txt'), 'outside the app');
    files = { root, cspOrigins: async () => origins };
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const fetchApp = (url: string, method = 'GET') => appProtocolResponse(new Request(url, { method }), files);

  it('answers as the shared serving function does: same status, headers and body', async () => {
    for (const pathname of ['/index.html', '/assets/index.js', '/missing.js']) {
      const res = await fetchApp(`app://routelens${pathname}`);
      const direct = await serveRendererFile(files, 'GET', pathname);
      expect(res.status, pathname).toBe(direct.status);
      for (const [name, value] of Object.entries(direct.headers))
        expect(res.headers.get(name), `${pathname} ${name}`).toBe(value);
      expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(direct.body!)), pathname).toBe(true);
    }
    const script = await fetchApp('app://routelens/assets/index.js');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });

  it('serves the page with the opt-in policy in the header and the meta tag', async () => {
    origins = ['https://tiles.example.com'];
    try {
      const res = await fetchApp(APP_ENTRY_URL);
      const policy = contentSecurityPolicy(origins);
      expect(res.headers.get('content-security-policy')).toBe(policy);
      expect(await res.text()).toContain(`content="${metaPolicy(policy)}"`);
    } finally {
      origins = [];
    }
  });

  it('refuses other hosts, other methods and paths outside the folder', async () => {
    expect((await fetchApp('app://other/index.html')).status).toBe(400);
    expect((await fetchApp('app://routelens/index.html', 'POST')).status).toBe(405);
    for (const url of [
      'app://routelens/../secret.txt',
      'app://routelens/%2e%2e/secret.txt',
      'app://routelens/..%2fsecret.txt',
      'app://routelens/%c0%ae%c0%ae/secret.txt',
    ]) {
      const res = await fetchApp(url);
      expect([400, 403, 404], url).toContain(res.status);
      expect(await res.text(), url).not.toContain('outside the app');
    }
  });
});

describe('electron/main source', () => {
  const sources = readdirSync(MAIN_DIR)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => ({ file: f, code: readFileSync(path.join(MAIN_DIR, f), 'utf8') }));

  it('never loads a file:// URL, calls loadFile or handles the file scheme', () => {
    expect(sources.map((s) => s.file)).toContain('index.ts');
    for (const { file, code } of sources) {
      expect(code, file).not.toMatch(/\bloadFile\s*\(/);
      expect(code, file).not.toMatch(/file:\/\//);
      expect(code, file).not.toMatch(/pathToFileURL/);
      expect(code, file).not.toMatch(/protocol\.(handle|intercept\w*|register\w*Protocol)\(\s*['"`]file['"`]/);
    }
  });

  it('registers the app scheme as privileged, handles it and loads the window through loadRenderer', () => {
    const index = sources.find((s) => s.file === 'index.ts')!.code;
    expect(index).toMatch(/protocol\.registerSchemesAsPrivileged\(\[APP_SCHEME_PRIVILEGES\]\)/);
    expect(index).toMatch(/protocol\.handle\(APP_SCHEME,/);
    expect(index).toMatch(/loadRenderer\(win, rendererDevUrl\)/);
    // Registration must happen before ready: at module level, not inside whenReady.
    expect(index.indexOf('registerSchemesAsPrivileged')).toBeLessThan(index.indexOf('app.whenReady'));
    expect(index).not.toMatch(/\.loadURL\(/);
  });
});
