import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CONTENT_SECURITY_POLICY,
  contentSecurityPolicy,
  htmlWithPolicy,
  MAX_EXTRA_ORIGINS,
  metaPolicy,
} from '../../shared/ipc/csp.ts';

const directive = (policy: string, name: string): string[] =>
  (policy.split('; ').find((d) => d.startsWith(`${name} `)) ?? '').split(' ').slice(1);

describe('content security policy', () => {
  it('is strict by default: only the app itself may be fetched', () => {
    expect(directive(CONTENT_SECURITY_POLICY, 'connect-src')).toEqual(["'self'"]);
    expect(directive(CONTENT_SECURITY_POLICY, 'img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(contentSecurityPolicy([])).toBe(CONTENT_SECURITY_POLICY);
  });

  it('adds exactly the given origins to connect-src and img-src, and nowhere else', () => {
    const origins = ['https://tiles.example.com', 'http://127.0.0.1:8123', 'https://fonts.example.org:8443'];
    const policy = contentSecurityPolicy(origins);
    expect(directive(policy, 'connect-src').sort()).toEqual(["'self'", ...origins].sort());
    expect(directive(policy, 'img-src').sort()).toEqual(["'self'", 'data:', 'blob:', ...origins].sort());
    for (const other of ['default-src', 'script-src', 'worker-src', 'font-src', 'style-src']) {
      expect(directive(policy, other), other).toEqual(directive(CONTENT_SECURITY_POLICY, other));
    }
  });

  it('drops anything that is not a plain https (or loopback http) origin', () => {
    const hostile = [
      '*',
      'https:',
      'http:',
      'https://*.example.com',
      'http://example.com',
      'http://192.168.1.10:8080',
      'https://tiles.example.com/path',
      "'unsafe-eval'",
      'https://a.example.com; script-src *',
      'javascript:alert(1)',
      'data:',
      'file:///etc',
      'https://user:pw@example.com',
      'HTTPS://EXAMPLE.COM',
    ];
    expect(contentSecurityPolicy(hostile)).toBe(CONTENT_SECURITY_POLICY);
  });

  it('keeps at most MAX_EXTRA_ORIGINS, each once', () => {
    const many = Array.from({ length: MAX_EXTRA_ORIGINS + 5 }, (_, i) => `https://t${i}.example.com`);
    const policy = contentSecurityPolicy([...many, ...many]);
    expect(directive(policy, 'connect-src')).toHaveLength(MAX_EXTRA_ORIGINS + 1);
  });

  it('rewrites the page meta policy to the same one, without frame-ancestors (ignored in meta)', () => {
    const policy = contentSecurityPolicy(['https://tiles.example.com']);
    const html =
      '<head>\n<meta charset="UTF-8" />\n<meta http-equiv="Content-Security-Policy" content="default-src \'self\'" />\n</head>';
    const out = htmlWithPolicy(html, policy);
    const meta = /content="([^"]*)" \/>\n<\/head>/.exec(out)?.[1];
    expect(meta).toBe(metaPolicy(policy));
    expect(meta).toContain('https://tiles.example.com');
    expect(meta).not.toContain('frame-ancestors');
    expect(htmlWithPolicy('<title>x</title>', policy)).toBe('<title>x</title>');
  });

  it("matches the renderer's own index.html meta tag (no opt-in)", () => {
    const html = readFileSync(path.resolve(import.meta.dirname, '../../renderer/index.html'), 'utf8');
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(html)?.[1];
    expect(meta).toBe(metaPolicy(CONTENT_SECURITY_POLICY));
  });
});
