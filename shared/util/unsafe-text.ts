/**
 * The one list of characters outside text must not carry as they are: a terminal or a bidi
 * algorithm acts on them instead of showing them (C0 controls with ESC, DEL, C1 controls with CSI
 * and OSC, line and paragraph separators, bidi marks, embeddings, overrides and isolates) or they
 * are not text at all (lone surrogates). Printers escape them (`terminal-text.ts`); a sentence that
 * quotes a server removes them (`api/server-text.ts`).
 */
export function unsafeTextChars(): RegExp {
  // A new RegExp per caller: a global regex carries `lastIndex` between uses.
  return new RegExp(UNSAFE_SOURCE, 'g');
}

const UNSAFE_SOURCE =
  '[\\u0000-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069]' +
  '|[\\ud800-\\udbff](?![\\udc00-\\udfff])|(?<![\\ud800-\\udbff])[\\udc00-\\udfff]';
