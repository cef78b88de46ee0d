import { beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_ENTRY_URL, APP_ORIGIN, isAppUrl } from '../../electron/main/app-origin.ts';
import { CONTENT_SECURITY_POLICY } from '../../shared/ipc/csp.ts';

/**
 * The main process's security handlers against a fake Electron (app, session, shell), as ipc-dispatch does
 * for ipcMain: the handlers they install are caught and called as Electron would call them.
 */
const fake = vi.hoisted(() => {
  type Listener = (...args: unknown[]) => void;
  const state = {
    onHeaders: null as
      | null
      | ((
          details: { responseHeaders?: Record<string, string[]> },
          cb: (r: { responseHeaders: Record<string, string[]> }) => void,
        ) => void),
    permissionRequest: null as null | ((wc: unknown, permission: string, cb: (granted: boolean) => void) => void),
    permissionCheck: null as null | ((wc: unknown, permission: string) => boolean),
    appListeners: new Map<string, Listener>(),
    opened: [] as string[],
  };
  return state;
});

vi.mock('electron', () => ({
  app: { on: (name: string, l: (...args: unknown[]) => void) => fake.appListeners.set(name, l) },
  session: {
    defaultSession: {
      webRequest: { onHeadersReceived: (l: NonNullable<typeof fake.onHeaders>) => (fake.onHeaders = l) },
      setPermissionRequestHandler: (h: NonNullable<typeof fake.permissionRequest>) => (fake.permissionRequest = h),
      setPermissionCheckHandler: (h: NonNullable<typeof fake.permissionCheck>) => (fake.permissionCheck = h),
    },
  },
  shell: { openExternal: async (url: string) => void fake.opened.push(url) },
}));

const { hardenApp, hardenContents, hardenSession, isAllowedExternalUrl } =
  await import('../../electron/main/security.ts');

/** A fake WebContents: records its listeners and window-open handler. */
function fakeContents() {
  const listeners = new Map<string, (event: { preventDefault: () => void }, ...args: unknown[]) => void>();
  let openHandler: ((d: { url: string }) => { action: string }) | null = null;
  const contents = {
    on: (name: string, l: (event: { preventDefault: () => void }, ...args: unknown[]) => void) =>
      listeners.set(name, l),
    setWindowOpenHandler: (h: (d: { url: string }) => { action: string }) => (openHandler = h),
  };
  /** Emits `name` with `args`; true when the handler prevented the default. */
  const emit = (name: string, ...args: unknown[]): boolean => {
    let prevented = false;
    const l = listeners.get(name);
    if (!l) throw new Error(`no ${name} listener`);
    l({ preventDefault: () => (prevented = true) }, ...args);
    return prevented;
  };
  return { contents, emit, open: (url: string) => openHandler!({ url }) };
}

beforeEach(() => {
  fake.opened.length = 0;
});

describe('main-process security handlers (fake Electron)', () => {
  it('opens no external link: the allow-list is empty, and non-https or malformed URLs never pass', () => {
    for (const url of [
      'https://example.com/',
      'http://127.0.0.1/',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'not a url',
      '',
    ]) {
      expect(isAllowedExternalUrl(url), url).toBe(false);
    }
  });

  it('grants durable storage and refuses every other permission, asked or checked', () => {
    hardenSession(async () => []);
    const asked = (p: string) => {
      let granted: boolean | undefined;
      fake.permissionRequest!(null, p, (g) => (granted = g));
      return granted;
    };
    expect(asked('persistent-storage')).toBe(true);
    expect(fake.permissionCheck!(null, 'persistent-storage')).toBe(true);
    for (const p of ['geolocation', 'media', 'notifications', 'clipboard-read', 'midi', 'openExternal', 'fullscreen']) {
      expect(asked(p), p).toBe(false);
      expect(fake.permissionCheck!(null, p), p).toBe(false);
    }
  });

  it('puts the CSP on every response, with the allowed basemap origins, keeping the other headers; falls back to the strict policy', async () => {
    const respond = (details: { responseHeaders?: Record<string, string[]> }) =>
      new Promise<Record<string, string[]>>((resolve) => fake.onHeaders!(details, (r) => resolve(r.responseHeaders)));
    hardenSession(async () => ['https://tiles.example.org']);
    const headers = await respond({
      responseHeaders: { 'Content-Type': ['text/html'], 'Content-Security-Policy': ['default-src *'] },
    });
    expect(headers['Content-Type']).toEqual(['text/html']);
    expect(headers['Content-Security-Policy']).toHaveLength(1);
    expect(headers['Content-Security-Policy']![0]).toContain('https://tiles.example.org');
    expect(headers['Content-Security-Policy']![0]).not.toContain('default-src *');
    hardenSession(async () => {
      throw new Error('settings unreadable');
    });
    expect((await respond({}))['Content-Security-Policy']).toEqual([CONTENT_SECURITY_POLICY]);
  });

  it('lets a window navigate or redirect only within the app origin, denies every new window, and refuses webviews', () => {
    const { contents, emit, open } = fakeContents();
    hardenContents(contents as never, (url) => isAppUrl(url));
    for (const ev of ['will-navigate', 'will-redirect']) {
      expect(emit(ev, APP_ENTRY_URL), ev).toBe(false);
      expect(emit(ev, `${APP_ORIGIN}/index.html#/review`), ev).toBe(false);
      for (const url of [
        'https://evil.example/',
        'file:///etc/passwd',
        'app://routelens.evil/',
        'http://127.0.0.1:5217/',
      ])
        expect(emit(ev, url), `${ev} ${url}`).toBe(true);
    }
    for (const url of ['https://example.com/', APP_ENTRY_URL]) expect(open(url)).toEqual({ action: 'deny' });
    expect(fake.opened).toEqual([]);
    expect(emit('will-attach-webview')).toBe(true);
  });

  it('refuses webviews in every web contents the app creates', () => {
    hardenApp();
    const { contents, emit } = fakeContents();
    fake.appListeners.get('web-contents-created')!({}, contents);
    expect(emit('will-attach-webview')).toBe(true);
  });
});
