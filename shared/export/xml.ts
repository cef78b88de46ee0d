/**
 * XML 1.0 text helpers. Breadcrumb strings come from a third-party API and
 * may hold anything, so every string goes through these.
 */

/** Characters XML 1.0 forbids outright (C0 controls other than tab/LF/CR, lone surrogates, U+FFFE/U+FFFF). */
const ILLEGAL_XML = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function stripIllegalXml(s: string): string {
  return s.replace(ILLEGAL_XML, '');
}

/**
 * Text content. CR is written as a character reference because parsers
 * normalise a literal CR (or CRLF) to LF, which would alter the value.
 */
export function xmlText(s: string): string {
  return stripIllegalXml(s).replace(/[&<>"'\r]/g, (c) => ENTITIES[c] ?? c);
}

/** Attribute values: also tab and LF, which attribute normalisation would turn into spaces. */
export function xmlAttr(s: string): string {
  return stripIllegalXml(s).replace(/[&<>"'\r\n\t]/g, (c) => ENTITIES[c] ?? c);
}

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  '\r': '&#13;',
  '\n': '&#10;',
  '\t': '&#9;',
};
