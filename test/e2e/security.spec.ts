/**
 * What the browser shell can and cannot enforce, compared with Electron.
 *
 * Electron (electron/main/security.ts) owns the window: `setWindowOpenHandler`
 * denies every new window, `will-navigate` cancels every navigation away from
 * the app, the renderer is sandboxed with context isolation, and the backend
 * is reachable only through the preload's named functions.
 *
 * The browser shell runs in a browser it does not control: it cannot stop the
 * page from opening windows or navigating away, and any local process may
 * send it HTTP requests. So it makes those harmless instead: the bridge
 * answers only requests carrying this run's random token AND this origin
 * (403 otherwise; Host is checked against DNS rebinding); the token leaves
 * the address bar at once (fragment → sessionStorage), so a navigation or a
 * popup never carries it in a URL or a Referer (Referrer-Policy no-referrer);
 * COOP same-origin severs `window.opener` for cross-origin popups; and the CSP
 * refuses inline and foreign scripts. These tests check each of those.
 */
import { encodeBridge } from '../../shared/ipc/codec.ts';
import { expect, openApp, test } from './fixtures.ts';

const OUTSIDE = 'http://outside.routelens.test';

/** The few page globals used below: tests are type-checked without DOM types, the code runs in the page. */
interface PageGlobals {
  document: EventTarget & {
    createElement(tag: 'script'): { textContent: string };
    body: { append(node: unknown): void };
  };
  location: { assign(url: string): void };
  opener: unknown;
  open(url: string): unknown;
}

function tokenOf(url: string): string {
  const token = new URLSearchParams(new URL(url).hash.slice(1)).get('token');
  if (!token) throw new Error('the shell URL carries no token');
  return token;
}

test('the bridge refuses requests without the token, with a wrong token, or from another origin', async ({
  request,
  shell,
  page,
}, testInfo) => {
  const url = `${shell.origin}/api/${encodeURIComponent('app:getInfo')}`;
  const token = tokenOf(shell.url);
  const post = (headers: Record<string, string>) =>
    request.post(url, { headers: { 'Content-Type': 'application/json', ...headers }, data: encodeBridge([]) });

  // Control: the right token from the right origin is answered.
  const ok = await post({ Origin: shell.origin, 'X-RouteLens-Token': token });
  expect(ok.status()).toBe(200);
  expect(await ok.text()).toContain('RouteLens');

  expect((await post({ Origin: shell.origin })).status()).toBe(403);
  expect(
    (
      await post({
        Origin: shell.origin,
        'X-RouteLens-Token': `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
      })
    ).status(),
  ).toBe(403);
  expect((await post({ Origin: shell.origin, 'X-RouteLens-Token': 'x' })).status()).toBe(403);
  expect((await post({ Origin: OUTSIDE, 'X-RouteLens-Token': token })).status()).toBe(403);
  expect((await post({ Origin: 'null', 'X-RouteLens-Token': token })).status()).toBe(403);
  // A request that names another host (DNS rebinding) is refused before anything else.
  expect(
    (await post({ Origin: shell.origin, 'X-RouteLens-Token': token, Host: `localhost:${shell.port}` })).status(),
  ).toBe(421);

  await openApp(page, shell);
  await page.screenshot({ path: testInfo.outputPath('security-bridge.png') });
});

test('the HTML carries a CSP that blocks inline scripts in the running page', async ({
  request,
  shell,
  page,
}, testInfo) => {
  const res = await request.get(`${shell.origin}/`);
  expect(res.status()).toBe(200);
  const csp = res.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain('unsafe-eval');
  expect(res.headers()['referrer-policy']).toBe('no-referrer');
  expect(res.headers()['cross-origin-opener-policy']).toBe('same-origin');

  await openApp(page, shell);
  const outcome = await page.evaluate(
    () =>
      new Promise<{ ran: boolean; violated: string }>((resolve) => {
        const g = globalThis as unknown as PageGlobals;
        g.document.addEventListener(
          'securitypolicyviolation',
          (e) =>
            resolve({
              ran: 'injected' in g,
              violated: (e as unknown as { effectiveDirective: string }).effectiveDirective,
            }),
          { once: true },
        );
        const s = g.document.createElement('script');
        s.textContent = 'window.injected = true;';
        g.document.body.append(s);
      }),
  );
  expect(outcome.ran).toBe(false);
  expect(outcome.violated).toMatch(/^script-src/);
  await page.screenshot({ path: testInfo.outputPath('security-csp.png') });
});

test('window.open and navigating away leak no token and give the other page no way into the bridge', async ({
  page,
  shell,
  context,
}, testInfo) => {
  const outsideRequests: { url: string; referer: string | undefined }[] = [];
  await context.route(`${OUTSIDE}/**`, (route) => {
    outsideRequests.push({ url: route.request().url(), referer: route.request().headers()['referer'] });
    return route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><title>outside</title><p>outside</p>',
    });
  });

  await openApp(page, shell);
  const token = tokenOf(shell.url);
  // The token left the address bar as soon as the app loaded.
  expect(page.url()).not.toContain(token);

  // A popup to another site: no opener handle back into the app, no token in what it received.
  const [popup] = await Promise.all([
    context.waitForEvent('page'),
    page.evaluate((u) => void (globalThis as unknown as PageGlobals).open(u), `${OUTSIDE}/popup`),
  ]);
  await popup.waitForLoadState();
  expect(await popup.evaluate(() => (globalThis as unknown as PageGlobals).opener === null)).toBe(true);
  // Even knowing where the bridge is, the other origin cannot call it (no CORS, and it lacks the token).
  const fromPopup = await popup.evaluate(
    (u) =>
      fetch(u, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-RouteLens-Token': 'guess' },
        body: '[]',
      }).then(
        (r) => `status ${r.status}`,
        () => 'blocked',
      ),
    `${shell.origin}/api/${encodeURIComponent('carriers:list')}`,
  );
  expect(fromPopup).toBe('blocked');
  await popup.close();

  // Navigating the app's own tab away, then back: the other site saw no token; the app still works.
  await page.evaluate((u) => (globalThis as unknown as PageGlobals).location.assign(u), `${OUTSIDE}/away`);
  await page.waitForURL(`${OUTSIDE}/away`);
  expect(outsideRequests.map((r) => r.url)).toEqual([`${OUTSIDE}/popup`, `${OUTSIDE}/away`]);
  for (const r of outsideRequests) {
    expect(r.url).not.toContain(token);
    expect(r.referer ?? '').not.toContain(token);
  }
  await page.goBack();
  await expect(page.getByTestId('app-root')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('boot-error')).toHaveCount(0);
  await expect(page.getByTestId('first-run')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('security-after-navigation.png') });
});
