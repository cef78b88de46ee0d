/**
 * Issue 32, 6: an API error that echoes a key in another form (upper case,
 * base64 at any alignment and in either alphabet, every byte %-encoded, split
 * by zero-width characters) never shows it: redact catches each form, and a
 * connection test's message from a loopback server that echoes them all
 * carries none of them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redact } from '../../electron/node/api/redact.ts';
import { errorText } from '../../shared/util/error-text.ts';
import { failure, fakeClient, json, startFakeServer, type FakeServer } from './client-fake-server.ts';

const PROVIDER = 'prov_Q7xW9kLm2TzR4vBn';
const COMPANY = 'system-comp_ZYXW9876abcd';
const b64 = (s: string) => Buffer.from(s).toString('base64');
const variants = (k: string) => [
  k.toUpperCase(),
  k.toLowerCase(),
  b64(k),
  b64(`Basic:${k}`),
  b64(`x${k}`),
  b64(`xy${k}`).replace(/\+/g, '-').replace(/\//g, '_'),
  [...Buffer.from(k)].map((b) => `%${b.toString(16).toUpperCase()}`).join(''),
  [...Buffer.from(k)].map((b) => `%${b.toString(16)}`).join(''),
  [...k].join('\u200b'),
  [...k].join('\u2060'),
  [...k.toUpperCase()].join('\ufeff'),
];
/** Whether any piece of `k` long enough to matter is readable in `text`, in any of the forms above. */
const leaks = (text: string, k: string) =>
  variants(k).some((v) => text.includes(v)) ||
  text
    .replace(/[\u200b-\u200f\u2060-\u2064\ufeff\u00ad]/g, '')
    .toLowerCase()
    .includes(k.toLowerCase().slice(-12));

describe('key redaction catches case, encoding and separator variants', () => {
  it.each(variants(PROVIDER).map((v, i) => [i, v]))('variant %i', (_i, v) => {
    const out = redact(`server says: ${v} is not valid`, [PROVIDER, COMPANY]);
    expect(out).toContain('[redacted]');
    expect(leaks(out, PROVIDER)).toBe(false);
    expect(out.startsWith('server says: ')).toBe(true);
  });

  it('the company key without its legacy prefix, base64 and %-encoded, too', () => {
    const bare = COMPANY.slice('system-'.length);
    for (const v of variants(bare)) expect(leaks(redact(`x ${v} y`, [PROVIDER, COMPANY]), bare), v).toBe(false);
  });

  it('leaves text without a key as it is', () => {
    const text = 'Invalid request: vehicle 7a1f0c52 not found (HTTP 404) prov_ comp_ %70 cHJvdg==';
    expect(redact(text, [PROVIDER, COMPANY])).toBe(text);
  });

  describe('through the API client, as a connection test sees it', () => {
    let srv: FakeServer;
    beforeAll(async () => {
      srv = await startFakeServer();
      srv.handle((_req, res) =>
        json(res, 401, { status_code: 401, description: `bad key ${variants(PROVIDER).join(' ')}`, data: null }),
      );
    });
    afterAll(() => srv.close());

    it('the error message names no form of the key', async () => {
      const err = await failure(fakeClient(srv, PROVIDER, COMPANY).companyInfo());
      const text = `${errorText(err)} ${err.message} ${String(err.stack)}`;
      expect(leaks(text, PROVIDER)).toBe(false);
    });
  });
});
