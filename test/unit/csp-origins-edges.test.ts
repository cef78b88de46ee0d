import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, htmlWithPolicy, isCspOrigin } from '../../shared/ipc/csp.ts';

const directive = (policy: string, name: string) =>
  policy
    .split('; ')
    .find((d) => d.startsWith(`${name} `))
    ?.split(' ')
    .slice(1);

describe('CSP origins', () => {
  it('takes a bracketed IPv6 https host, with or without a port', () => {
    expect(isCspOrigin('https://[2001:db8::1]')).toBe(true);
    expect(isCspOrigin('https://[2001:db8::1]:8443')).toBe(true);
    expect(isCspOrigin('https://[]')).toBe(false);
    expect(isCspOrigin('https://[g::1]')).toBe(false);
  });

  it('takes host names with one-character labels anywhere', () => {
    expect(isCspOrigin('https://a.b.example.com')).toBe(true);
    expect(isCspOrigin('https://tiles.x.example')).toBe(true);
  });

  it('refuses an origin with anything before it', () => {
    expect(isCspOrigin(' https://tiles.example.com')).toBe(false);
    expect(isCspOrigin('xhttps://tiles.example.com')).toBe(false);
  });

  it('takes an origin of up to 300 characters', () => {
    const host = (n: number) => `https://${'a'.repeat(n - 'https://'.length)}`;
    expect(host(300)).toHaveLength(300);
    expect(isCspOrigin(host(300))).toBe(true);
    expect(isCspOrigin(host(301))).toBe(false);
  });

  it('lists the extra origins sorted, whatever order they come in', () => {
    const policy = contentSecurityPolicy(['https://b.example', 'https://c.example', 'https://a.example']);
    expect(directive(policy, 'connect-src')).toEqual([
      "'self'",
      'https://a.example',
      'https://b.example',
      'https://c.example',
    ]);
  });
});

describe('CSP meta tag', () => {
  const policy = contentSecurityPolicy(['https://tiles.example.com']);
  const expected = /content="[^"]*https:\/\/tiles\.example\.com[^"]*"/;

  it('rewrites the tag whatever the white space between its attributes', () => {
    expect(htmlWithPolicy('<meta  http-equiv="Content-Security-Policy"  content="x" />', policy)).toMatch(expected);
    expect(htmlWithPolicy('<meta\nhttp-equiv="Content-Security-Policy"\ncontent="x"/>', policy)).toMatch(expected);
  });

  it('rewrites a tag closed with or without a slash, and with several spaces before it', () => {
    expect(htmlWithPolicy('<meta http-equiv="Content-Security-Policy" content="x">', policy)).toMatch(expected);
    expect(htmlWithPolicy('<meta http-equiv="Content-Security-Policy" content="x"   />', policy)).toMatch(expected);
    expect(htmlWithPolicy('<META HTTP-EQUIV="Content-Security-Policy" CONTENT="x">', policy)).toMatch(expected);
  });
});
