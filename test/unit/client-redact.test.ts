import { describe, expect, it } from 'vitest';
import { redact, sanitizedCause } from '../../electron/node/api/redact.ts';

const KEYS = ['prov_ABCDEF123456', 'system-comp_ZYXW9876'];

describe('redact', () => {
  it('removes every key, its URL-encoded form and the company key without its legacy prefix', () => {
    const text = `a ${KEYS[0]} b ${encodeURIComponent(KEYS[1] ?? '')} c comp_ZYXW9876 d ${KEYS[1]}`;
    const out = redact(text, KEYS);
    for (const k of [...KEYS, 'comp_ZYXW9876']) expect(out).not.toContain(k);
    expect(out).toContain('[redacted]');
    expect(out.startsWith('a ')).toBe(true);
  });

  it('ignores empty or missing secrets', () => {
    expect(redact('keep me', ['', undefined])).toBe('keep me');
  });

  it('sanitizes a whole cause chain, stack included', () => {
    const inner = Object.assign(new Error(`socket to host with header ${KEYS[0]}`), { code: 'ECONNRESET' });
    const outer = new TypeError(`fetch failed for ${KEYS[1]}`, { cause: inner });
    const safe = sanitizedCause(outer, KEYS) as Error;
    let text = '';
    for (let e: unknown = safe; e instanceof Error; e = e.cause) text += `${e.message}\n${e.stack}\n`;
    for (const k of KEYS) expect(text).not.toContain(k);
    expect((safe.cause as { code?: string }).code).toBe('ECONNRESET');
  });
});
