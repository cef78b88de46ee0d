/**
 * Keys must never reach a log, an error message or a file. Every text that
 * may have touched a request (server descriptions, undici causes, stacks) goes
 * through `redact` before it is stored on an error or emitted.
 */
const MASK = '[redacted]';

/** Every form under which a key could show up in text: raw, URL-encoded, without the legacy prefix. */
function forms(secret: string): string[] {
  const out = new Set<string>([secret, encodeURIComponent(secret)]);
  if (secret.startsWith('system-') && secret.length > 'system-'.length) out.add(secret.slice('system-'.length));
  return [...out].filter((s) => s.length > 0).sort((a, b) => b.length - a.length);
}

export function redact(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  for (const secret of secrets) {
    if (!secret) continue;
    for (const f of forms(secret)) out = out.split(f).join(MASK);
  }
  return out;
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
