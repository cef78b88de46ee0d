/**
 * Any web page the user visits can reach the browser shell on 127.0.0.1: an
 * <img> or a fetch needs no permission. A page on another port throws
 * malformed and oversized requests at it from a real Chromium; the shell must
 * refuse them all, change nothing, and still serve the app afterwards.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { encodeBridge } from '../../shared/ipc/codec.ts';
import { expect, openApp, test } from './fixtures.ts';

interface PageGlobals {
  document: { body: { dataset: Record<string, string | undefined> } };
  results: Record<string, string>;
}

/** The hostile page: every probe records how it ended, then the page marks itself done. */
function hostilePage(shellOrigin: string): string {
  const images = ['//[', '//[::1]', '/%E0%A4%A', '/%', '/%00', '/api/%E0%A4%A', '/..%2f..%2fetc%2fpasswd'];
  return `<!doctype html><meta charset="utf-8"><title>Some other site</title><body>
<script>
const shell = ${JSON.stringify(shellOrigin)};
window.results = {};
const probes = [];
for (const path of ${JSON.stringify(images)}) {
  probes.push(new Promise((resolve) => {
    const img = new Image();
    img.onload = () => resolve(window.results['img ' + path] = 'loaded');
    img.onerror = () => resolve(window.results['img ' + path] = 'error');
    img.src = shell + path;
    document.body.append(img);
  }));
}
const send = (name, url, init) => probes.push(fetch(url, init).then((r) => (window.results[name] = 'status ' + r.status + ' ' + r.type), (e) => (window.results[name] = 'refused ' + e.name)));
send('post broken escape', shell + '/api/%E0%A4%A', { method: 'POST', mode: 'no-cors', body: '[]' });
send('post channel, text/plain', shell + '/api/settings:setProviderBaseUrl', { method: 'POST', mode: 'no-cors', body: '["http://evil.example"]' });
send('post channel, json (preflight)', shell + '/api/settings:setProviderBaseUrl', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-RouteLens-Token': 'guess' }, body: '["http://evil.example"]' });
send('post 3 MB', shell + '/api/app:getInfo', { method: 'POST', mode: 'no-cors', body: '["' + 'x'.repeat(3 * 1024 * 1024) + '"]' });
send('get //[', shell + '//[', { mode: 'no-cors' });
send('put', shell + '/index.html', { method: 'PUT', mode: 'no-cors', body: 'x' });
navigator.sendBeacon(shell + '/api/keys:deleteProviderKey', '[]');
Promise.all(probes).then(() => { document.body.dataset.done = 'true'; });
</script></body>`;
}

test('a page on another port throws malformed requests at the shell: all refused, nothing changed, the app still opens', async ({
  page,
  shell,
  request,
}, testInfo) => {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(hostilePage(shell.origin));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const hostile = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  try {
    await page.goto(hostile);
    await expect(page.locator('body')).toHaveAttribute('data-done', 'true');
    const results = await page.evaluate(() => (globalThis as unknown as PageGlobals).results);
    await testInfo.attach('probe results', { body: JSON.stringify(results, null, 2), contentType: 'application/json' });
    // No image decoded from the shell, and the CORS-checked call never got through its preflight.
    for (const [name, outcome] of Object.entries(results))
      if (name.startsWith('img ')) expect(outcome, name).toBe('error');
    expect(results['post channel, json (preflight)']).toBe('refused TypeError');
    await page.screenshot({ path: testInfo.outputPath('hostile-page.png') });

    // The shell is alive and untouched: the bridge (with this run's token) answers, and no setting moved.
    const token = new URLSearchParams(new URL(shell.url).hash.slice(1)).get('token')!;
    const status = await request.post(`${shell.origin}/api/keys:getStatus`, {
      headers: { 'Content-Type': 'application/json', Origin: shell.origin, 'X-RouteLens-Token': token },
      data: encodeBridge([]),
    });
    expect(status.status()).toBe(200);
    expect(await status.json()).toMatchObject({ ok: true, result: { providerBaseUrl: null } });
    await openApp(page, shell);
    await page.screenshot({ path: testInfo.outputPath('app-after-hostile-page.png') });
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
