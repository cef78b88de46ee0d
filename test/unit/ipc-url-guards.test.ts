import { describe, expect, it } from 'vitest';
import { isBaseUrl, isOnlineStyleUrl } from '../../shared/ipc/validate.ts';

describe('URL guards', () => {
  it('takes http(s) base URLs with a host, port and path, or a bracketed IPv6 host', () => {
    for (const ok of [
      'https://api.example.com',
      'http://127.0.0.1:8080',
      'https://api.example.com:443/v2/base',
      'http://[::1]:3000/api/v2',
      'https://[2001:db8::1]',
    ]) {
      expect(isBaseUrl(ok), ok).toBe(true);
    }
  });

  it('refuses other schemes, credentials, spaces, six-digit ports, and URLs over 2048 characters', () => {
    for (const bad of [
      'ftp://example.com',
      'https://user@example.com',
      'https://example.com/a b',
      'https://example.com:123456',
      'xhttps://example.com',
      'https://example.com/@x',
      'https://',
      'xhttp://[::1]:3000',
      'http://[::1]/a b',
      'http://[::1]:123456',
      'http://[]',
      7,
    ]) {
      expect(isBaseUrl(bad), String(bad)).toBe(false);
    }
    const path = '/' + 'a'.repeat(2048 - 'https://e.com/'.length);
    expect(isBaseUrl(`https://e.com${path}`)).toBe(true);
    expect(isBaseUrl(`https://e.com${path}a`)).toBe(false);
  });

  it('takes an online style over https, or over http on loopback only', () => {
    for (const ok of [
      'https://tiles.example.com/style.json',
      'https://tiles.example.com',
      'https://tiles.example.com:8443/style.json?key=abc#frag',
      'https://[2001:db8::1]/s.json',
      'http://127.0.0.1:8080/style.json',
      'http://localhost/style.json',
      'http://[::1]/style.json',
    ]) {
      expect(isOnlineStyleUrl(ok), ok).toBe(true);
    }
    for (const bad of [
      'http://tiles.example.com/style.json',
      'https://user@tiles.example.com/style.json',
      'https://tiles.example.com/a\\b',
      'https://tiles.example.com/a b',
      'https://tiles.example.com:1234567',
      'file:///style.json',
      'xhttps://tiles.example.com/style.json',
      'https://[]/s.json',
      null,
    ]) {
      expect(isOnlineStyleUrl(bad), String(bad)).toBe(false);
    }
    const path = '/' + 'a'.repeat(2048 - 'https://e.com/'.length);
    expect(isOnlineStyleUrl(`https://e.com${path}`)).toBe(true);
    expect(isOnlineStyleUrl(`https://e.com${path}a`)).toBe(false);
  });
});
