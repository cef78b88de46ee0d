import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveRendererFile, type RendererFiles } from '../../electron/node/renderer-files/serve.ts';
import { CONTENT_SECURITY_POLICY, contentSecurityPolicy, htmlWithPolicy, metaPolicy } from '../../shared/ipc/csp.ts';

/**
 * The one renderer-serving function (Electron's app:// handler and the browser
 * shell both call it) over a copy of the real build, with a secret file and a
 * symbolic link beside and inside it to prove nothing outside is reachable.
 */
const repo = path.resolve(import.meta.dirname, '../..');
const built = path.join(repo, 'out/renderer');

/** What each kind of file must be served as, written down independently of the serving code. */
const EXPECTED_TYPE: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.md': 'text/markdown; charset=utf-8',
  // The built-in basemap's archive: opaque bytes the renderer reads whole (renderer/src/map/builtin-archive.ts).
  '.pmtiles': 'application/octet-stream',
};

const SECRET = 'outside the app: must never be served';

function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(path.join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
  );
}

const metaOf = (html: string) => /http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(html)?.[1];
const text = (body: Uint8Array | null) => Buffer.from(body ?? new Uint8Array()).toString('utf8');

describe('serveRendererFile over the built renderer', () => {
  let dir: string;
  let root: string;
  let origins: readonly string[] = [];
  let files: RendererFiles;
  const get = (pathname: string) => serveRendererFile(files, 'GET', pathname);

  beforeAll(() => {
    // The e2e global setup builds the same way; build here too when no build exists yet (a fresh checkout).
    if (!existsSync(path.join(built, 'index.html')))
      execFileSync('npx', ['electron-vite', 'build'], { cwd: repo, stdio: 'inherit' });
    dir = mkdtempSync(path.join(tmpdir(), 'routelens-renderer-'));
    root = path.join(dir, 'renderer');
    cpSync(built, root, { recursive: true });
    writeFileSync(path.join(dir, 'secret.txt'), SECRET);
    writeFileSync(path.join(dir, 'index.html'), SECRET);
    symlinkSync(path.join(dir, 'secret.txt'), path.join(root, 'assets', 'linked-secret.js'));
    files = { root, cspOrigins: async () => origins };
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('serves every file of the build with its type, its bytes and the CSP', async () => {
    const names = filesUnder(built);
    expect(names).toEqual(
      expect.arrayContaining(['index.html', 'favicon.svg', 'basemap/style.json', 'basemap/basemap.pmtiles']),
    );
    expect(names.some((n) => n.startsWith('assets/') && n.endsWith('.mjs'))).toBe(true); // MapLibre's module worker
    for (const name of names) {
      const res = await get(`/${name.split('/').map(encodeURIComponent).join('/')}`);
      expect(res.status, name).toBe(200);
      const type = EXPECTED_TYPE[path.extname(name)];
      expect(type, `${name}: a kind of file the test does not know`).toBeDefined();
      expect(res.headers['Content-Type'], name).toBe(type);
      expect(res.headers['Content-Security-Policy'], name).toBe(CONTENT_SECURITY_POLICY);
      expect(res.headers['X-Content-Type-Options'], name).toBe('nosniff');
      const onDisk = readFileSync(path.join(built, name));
      const expected =
        name === 'index.html' ? Buffer.from(htmlWithPolicy(onDisk.toString('utf8'), CONTENT_SECURITY_POLICY)) : onDisk;
      expect(Buffer.from(res.body!).equals(expected), name).toBe(true);
      expect(res.headers['Content-Length'], name).toBe(String(expected.length));
    }
  });

  it('serves index.html at /, scripts and documents never cached, HEAD without a body', async () => {
    const root_ = await get('/');
    const index = await get('/index.html');
    expect(root_).toEqual(index);
    expect(index.headers['Cache-Control']).toBe('no-store');
    expect((await get('/basemap/style.json')).headers['Cache-Control']).toBe('max-age=3600');
    const head = await serveRendererFile(files, 'HEAD', '/index.html');
    expect(head).toEqual({ ...index, body: null });
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS', '']) {
      const res = await serveRendererFile(files, method, '/index.html');
      expect(res.status, method).toBe(405);
      expect(text(res.body)).not.toContain('<html');
    }
  });

  it("carries the user's online-basemap opt-in in the header and the same policy in the page's meta tag", async () => {
    origins = ['https://tiles.example.com', 'http://127.0.0.1:8123'];
    try {
      const policy = contentSecurityPolicy(origins);
      expect(policy).not.toBe(CONTENT_SECURITY_POLICY);
      const page = await get('/');
      expect(page.headers['Content-Security-Policy']).toBe(policy);
      expect(metaOf(text(page.body))).toBe(metaPolicy(policy));
      // Workers take their CSP from their own response: a script gets the same header.
      const worker = filesUnder(built).find((n) => n.endsWith('.mjs'))!;
      expect((await get(`/${worker}`)).headers['Content-Security-Policy']).toBe(policy);
      // Hostile "origins" in settings never widen it: the policy function drops them.
      origins = ['*', "https://a.example.com; script-src 'unsafe-eval'"];
      expect((await get('/')).headers['Content-Security-Policy']).toBe(CONTENT_SECURITY_POLICY);
    } finally {
      origins = [];
    }
  });

  it('stays strict when the opt-in cannot be read', async () => {
    const broken: RendererFiles = { root, cspOrigins: () => Promise.reject(new Error('settings unreadable')) };
    const page = await serveRendererFile(broken, 'GET', '/');
    expect(page.status).toBe(200);
    expect(page.headers['Content-Security-Policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(metaOf(text(page.body))).toBe(metaPolicy(CONTENT_SECURITY_POLICY));
  });

  it.each([
    // [path as received, status]
    ['/../secret.txt', 403],
    ['/assets/../../secret.txt', 403],
    ['/%2e%2e/secret.txt', 403],
    ['/%2E%2E/secret.txt', 403],
    ['/.%2e/secret.txt', 403],
    ['/..%2fsecret.txt', 403],
    ['/%2e%2e%2fsecret.txt', 403],
    ['/assets%2f..%2f..%2fsecret.txt', 403],
    ['/..\\secret.txt', 403],
    ['/assets\\..\\..\\secret.txt', 403],
    ['/%5c..%5csecret.txt', 403],
    ['/..%5csecret.txt', 403],
    ['/index.html%00', 403],
    ['/index.html%00.js', 403],
    ['/%00', 403],
    ['/assets/%0a', 403],
    ['/%c0%ae%c0%ae/secret.txt', 400], // overlong UTF-8 for "."
    ['/%c0%ae%c0%ae%c0%afsecret.txt', 400], // … and for "/"
    ['/%e0%80%ae%e0%80%ae/secret.txt', 400], // three-byte overlong "."
    ['/%c1%9c', 400], // overlong "\"
    ['/%ed%a0%80', 400], // a UTF-16 surrogate encoded in UTF-8
    ['/%ff', 400],
    ['/%', 400],
    ['/%2', 400],
    ['/%zz/index.html', 400],
    ['secret.txt', 400],
    ['', 400],
    ['//secret.txt', 404],
    [`/${path.join(tmpdir(), 'x')}`, 404],
    ['/C:/Windows/win.ini', 404],
    ['/index.html::$DATA', 404],
    ['/index.html.', 404],
    ['/index.html ', 404],
    ['/.hidden', 404],
    ['/assets/', 404],
    ['/assets', 404],
    ['/basemap//style.json', 404],
    ['/assets/linked-secret.js', 404], // a symbolic link inside the folder, pointing out
    ['/no-such-file.js', 404],
  ])('refuses %j with %i and serves nothing from outside', async (pathname, status) => {
    const res = await get(pathname);
    expect(res.status).toBe(status);
    expect(res.headers['Content-Type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['Content-Security-Policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(text(res.body)).not.toContain(SECRET);
    expect(text(res.body)).not.toContain('<html');
  });

  it('refuses an overlong path before decoding it', async () => {
    expect((await get(`/${'%2e'.repeat(2000)}`)).status).toBe(400);
    expect((await get(`/${'a'.repeat(5000)}`)).status).toBe(400);
  });

  it('never throws and never reaches outside for arbitrary paths (seeded fuzz)', async () => {
    let seed = 0x9e3779b9;
    const rand = (n: number) => {
      seed = (Math.imul(seed ^ (seed >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
      return seed % n;
    };
    const pieces = [
      '/',
      '.',
      '..',
      '%2e',
      '%2E',
      '%2f',
      '%5c',
      '\\',
      '%00',
      '%c0',
      '%ae',
      '%af',
      '%e0%80',
      '%',
      'index.html',
      'assets',
      'basemap',
      'style.json',
      'secret.txt',
      ':',
      '~',
      '%ff',
      'é',
      '%C3%A9',
      '\u0000',
      '\u2215',
    ];
    const all = new Set(filesUnder(built));
    for (let i = 0; i < 3000; i++) {
      const pathname = `/${Array.from({ length: 1 + rand(8) }, () => pieces[rand(pieces.length)]).join('')}`;
      const res = await get(pathname);
      expect([200, 400, 403, 404], pathname).toContain(res.status);
      expect(text(res.body), pathname).not.toContain(SECRET);
      if (res.status === 200) {
        // Only a real file of the build, named exactly.
        const name = pathname === '/' ? 'index.html' : decodeURIComponent(pathname.slice(1));
        expect(all.has(name), pathname).toBe(true);
      }
    }
  });
});
