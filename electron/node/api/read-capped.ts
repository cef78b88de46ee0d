import { isUtf8 } from 'node:buffer';

/**
 * A response body read as a stream with a running byte count, so a server
 * (or anything pretending to be one) cannot make RouteLens buffer more than
 * `maxBytes`: the read stops, and the connection is released, as soon as the
 * count passes it. `Content-Length` is trusted only to refuse early.
 */
export async function readCappedBody(res: Response, maxBytes: number): Promise<Uint8Array | 'too-large'> {
  const declared = Number(res.headers.get('content-length') ?? '0');
  if (declared > maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    return 'too-large';
  }
  const reader = res.body?.getReader();
  if (!reader) return new Uint8Array(0);
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return 'too-large';
    }
    parts.push(value);
  }
  return Buffer.concat(parts);
}

/**
 * The body as text, exactly as `new TextDecoder().decode(body)` gives it (a
 * leading BOM dropped, invalid sequences replaced): valid UTF-8, the usual
 * case, takes Buffer's decoder, several times faster than TextDecoder on
 * this Node; anything else goes to TextDecoder itself.
 */
export function utf8Text(body: Uint8Array): string {
  const buf = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (!isUtf8(buf)) return new TextDecoder().decode(body);
  const bom = buf.length >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf;
  return buf.toString('utf8', bom ? 3 : 0);
}

/** "32 MB", "1.5 MB", "512 KB", "64 bytes": a cap as a person reads it, never rounded to a whole unit it is not. */
export function formatBytes(n: number): string {
  const oneDecimal = (x: number) => String(Math.round(x * 10) / 10);
  if (n >= 1024 * 1024) return `${oneDecimal(n / (1024 * 1024))} MB`;
  if (n >= 1024) return `${oneDecimal(n / 1024)} KB`;
  return `${n} bytes`;
}
