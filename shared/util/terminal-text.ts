/**
 * Outside text (API fields, file and bundle contents, names) made safe to
 * print on a terminal: every character a terminal or a bidi algorithm acts on
 * instead of showing (C0 controls with ESC, DEL, C1 controls with CSI and OSC,
 * line and paragraph separators, bidi marks, embeddings, overrides and
 * isolates, lone surrogates) becomes a visible escape (`\x1b`, `\u202e`), so
 * it can neither move the cursor, recolour, retitle, link, clear the screen
 * nor reorder the rest of the line; and the text is bounded. The CLI uses it
 * for every line that carries outside text; which characters those are is
 * said once, in `unsafe-text.ts`.
 */

import { boundText } from './bounded-text.ts';
import { unsafeTextChars } from './unsafe-text.ts';

const UNSAFE = unsafeTextChars();

/** Characters of outside text printed by default (a field; a whole line of ours passes a larger bound). */
export const TERMINAL_TEXT_MAX = 200;

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');

/**
 * `text` with unsafe characters escaped and at most `max` of its characters
 * (code points) kept, "…" marking a cut (`boundText`). `json`: every escape in the `\uXXXX`
 * form, so a JSON line stays valid JSON (JSON.stringify leaves DEL, C1 and the
 * bidi characters raw).
 */
export function terminalSafe(text: string, max = TERMINAL_TEXT_MAX, style: 'text' | 'json' = 'text'): string {
  const { text: kept } = boundText(text, max);
  const safe = kept.replace(UNSAFE, (c) => {
    const code = c.charCodeAt(0);
    return style === 'text' && code <= 0xff ? `\\x${hex(code, 2)}` : `\\u${hex(code, 4)}`;
  });
  return safe;
}

/** One JSON line of `value`, terminal-safe and still valid JSON. */
export function terminalJson(value: unknown): string {
  return terminalSafe(JSON.stringify(value), Number.POSITIVE_INFINITY, 'json');
}
