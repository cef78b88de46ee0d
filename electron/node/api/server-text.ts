/**
 * Text a server wrote (an envelope's `description`), made fit to quote in one
 * sentence: no control or bidi-override characters (they could break a log
 * line or reorder what the user reads), no key, and bounded.
 */
import { unsafeTextChars } from '../../../shared/util/unsafe-text.ts';
import { redact } from './redact.ts';

/** Removed, not escaped: the sentence quotes what the server said, and an escape would read as its words. */
const INVISIBLE = unsafeTextChars();
const LINE_BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]+/g;

export function serverText(text: string, secrets: readonly (string | undefined)[], max: number): string {
  // Redacted before and after: a key the removal joins back together is caught the second time.
  const spaced = redact(text, secrets).replace(LINE_BREAKS, ' ').replace(INVISIBLE, '');
  const plain = redact(spaced, secrets).replace(/\s+/g, ' ').trim();
  if (plain.length <= max) return plain;
  // Never end on half of a surrogate pair.
  const cut = plain.slice(0, max);
  return /[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** Spec 2.1: `description` is "success" on success, otherwise an error message. */
export function isSuccessDescription(description: string): boolean {
  return description.trim().toLowerCase() === 'success';
}
