/**
 * Keys must never reach a log, an error message or a file. Every text that
 * may have touched a request (server descriptions, undici causes, stacks) goes
 * through `redact` before it is stored on an error or emitted.
 */
const MASK = '[redacted]';

/** Characters that show nothing and may be slipped between a key's characters to hide it from a plain search. */
const INVISIBLE_BETWEEN = '[\\u00ad\\u034f\\u180e\\u200b-\\u200f\\u2060-\\u2064\\ufeff]*';
/** Encoded forms shorter than this are not searched for: they would match ordinary text. */
const MIN_FORM = 8;

/**
 * The base64 text of `bytes` wherever they sit in a longer encoded string: for
 * each of the three alignments, the characters made of the key's bits alone
 * (the first and last may mix in a neighbour's), in both alphabets.
 */
function base64Cores(bytes: Buffer): string[] {
  const out: string[] = [];
  for (let pad = 0; pad < 3; pad++) {
    const text = Buffer.concat([Buffer.alloc(pad), bytes]).toString('base64');
    const core = text.slice(Math.ceil((pad * 8) / 6), Math.floor(((pad + bytes.length) * 8) / 6));
    if (core.length >= MIN_FORM) out.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return out;
}

/**
 * Every form under which a key could show up in text: raw, URL-encoded,
 * every byte %-encoded, base64 (either alphabet, any alignment), without the
 * legacy prefix; matched in any letter case and with invisible characters
 * between its characters.
 */
function forms(secret: string): string[] {
  const plain = [secret];
  if (secret.startsWith('system-') && secret.length > 'system-'.length) plain.push(secret.slice('system-'.length));
  const out = new Set<string>();
  for (const p of plain) {
    out.add(p);
    out.add(encodeURIComponent(p));
    const bytes = Buffer.from(p, 'utf8');
    if (bytes.length >= MIN_FORM / 2) {
      out.add([...bytes].map((b) => `%${b.toString(16).padStart(2, '0')}`).join(''));
      for (const core of base64Cores(bytes)) out.add(core);
    }
  }
  return [...out].filter((s) => s.length > 0).sort((a, b) => b.length - a.length);
}

const escapeChar = (c: string) => c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

function keyPattern(secrets: readonly (string | undefined)[]): RegExp | null {
  const alternatives: string[] = [];
  for (const secret of secrets) {
    if (!secret) continue;
    for (const f of forms(secret)) alternatives.push([...f].map(escapeChar).join(INVISIBLE_BETWEEN));
  }
  return alternatives.length === 0 ? null : new RegExp(alternatives.join('|'), 'giu');
}

export function redact(text: string, secrets: readonly (string | undefined)[]): string {
  const pattern = keyPattern(secrets);
  return pattern ? text.replace(pattern, MASK) : text;
}

/** A plain, key-free copy of an error's cause chain (code, name, message), safe to attach as `cause`. */
export function sanitizedCause(err: unknown, secrets: readonly (string | undefined)[], depth = 0): unknown {
  if (depth > 4 || err === undefined || err === null) return undefined;
  if (!(err instanceof Error)) return redact(String(err), secrets);
  const copy = new Error(redact(err.message, secrets));
  copy.name = err.name;
  copy.stack = `${copy.name}: ${copy.message}`;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') (copy as Error & { code?: string }).code = code;
  const inner = sanitizedCause((err as { cause?: unknown }).cause, secrets, depth + 1);
  if (inner !== undefined) copy.cause = inner;
  return copy;
}
