import { inflateSync } from 'node:zlib';

/** Decodes Playwright's screenshot PNG (8-bit RGB/RGBA, not interlaced) to RGBA pixels. */
export function decodePng(png: Buffer): { width: number; height: number; px: Uint8Array } {
  let at = 8;
  let width = 0;
  let height = 0;
  let type = 0;
  const idat: Buffer[] = [];
  while (at < png.length) {
    const len = png.readUInt32BE(at);
    const kind = png.toString('latin1', at + 4, at + 8);
    const body = png.subarray(at + 8, at + 8 + len);
    if (kind === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      type = body[9]!;
      if (body[8] !== 8 || (type !== 2 && type !== 6) || body[12] !== 0) throw new Error('unexpected PNG format');
    } else if (kind === 'IDAT') idat.push(body);
    at += 12 + len;
  }
  const bpp = type === 6 ? 4 : 3;
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * bpp;
  const out = new Uint8Array(width * height * 4);
  let prev = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const cur = new Uint8Array(stride);
    for (let i = 0; i < stride; i++) {
      const a = i >= bpp ? cur[i - bpp]! : 0;
      const b = prev[i]!;
      const c = i >= bpp ? prev[i - bpp]! : 0;
      const p = a + b - c;
      const pa = Math.abs(p - a);
      const pb = Math.abs(p - b);
      const pc = Math.abs(p - c);
      const pred =
        filter === 1
          ? a
          : filter === 2
            ? b
            : filter === 3
              ? (a + b) >> 1
              : filter === 4
                ? pa <= pb && pa <= pc
                  ? a
                  : pb <= pc
                    ? b
                    : c
                : 0;
      cur[i] = (line[i]! + pred) & 0xff;
    }
    for (let x = 0; x < width; x++)
      out.set([cur[x * bpp]!, cur[x * bpp + 1]!, cur[x * bpp + 2]!, 255], (y * width + x) * 4);
    prev = cur;
  }
  return { width, height, px: out };
}

const rgb = (hex: string) => [1, 3, 5].map((k) => parseInt(hex.slice(k, k + 2), 16)) as [number, number, number];

/** Pixels within `tolerance` (sum of channel differences) of each named colour, and the image size. */
export function colourCensus<K extends string>(
  png: Buffer,
  colours: Record<K, string | readonly string[]>,
  tolerance = 24,
): { total: number; count: Record<K, number> } {
  const { width, height, px } = decodePng(png);
  const keys = Object.keys(colours) as K[];
  const targets = keys.map((k) => [colours[k]].flat().map(rgb));
  const count = Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
  for (let i = 0; i < px.length; i += 4) {
    keys.forEach((k, j) => {
      if (
        targets[j]!.some(
          ([r, g, b]) => Math.abs(px[i]! - r) + Math.abs(px[i + 1]! - g) + Math.abs(px[i + 2]! - b) <= tolerance,
        )
      )
        count[k]++;
    });
  }
  return { total: width * height, count };
}
