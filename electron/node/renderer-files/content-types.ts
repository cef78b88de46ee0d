/** The Content-Type of each kind of file the renderer build emits (module scripts and workers need a JavaScript type). */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.pbf': 'application/x-protobuf',
  '.pmtiles': 'application/octet-stream',
  '.wasm': 'application/wasm',
  '.md': 'text/markdown; charset=utf-8',
};

/** `ext` as path.extname gives it; anything unknown is opaque bytes (never sniffed: responses say nosniff). */
export function contentTypeOf(ext: string): string {
  return CONTENT_TYPES[ext.toLowerCase()] ?? 'application/octet-stream';
}
