/**
 * Outside text (the API's names, numbers and places) in the audit report:
 * bounded, so no field's length changes the layout or the time Chromium takes
 * to print it, and isolated where it shares a line with the report's own
 * words, so a bidi override or right-to-left text in it cannot reorder the
 * words, dates and numbers around it (the header's "· USDOT …", the footer's
 * range). A table cell is a paragraph of its own: bounding is enough there.
 * Text with no right-to-left character and no bidi control cannot reorder an
 * English line, so it is left as it is.
 */
import { xmlText } from '../export/xml.ts';
import { boundText } from '../util/bounded-text.ts';

/** Characters of one outside field the report shows; the API's own bound is lower (shared/api/text-bounds.ts). */
export const REPORT_TEXT_MAX = 200;

const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** A bidi control or a right-to-left letter (Hebrew, Arabic, Syriac, Thaana, N'Ko… and their presentation forms). */
const BIDI_SENSITIVE =
  /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefe\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;

export const reportField = (s: string): string => boundText(s, REPORT_TEXT_MAX).text;

/** In HTML: escaped inside `<bdi>` (unicode-bidi: isolate, direction from its own first strong character). */
export const isolatedHtml = (s: string): string =>
  BIDI_SENSITIVE.test(s) ? `<bdi>${xmlText(reportField(s))}</bdi>` : xmlText(reportField(s));

/**
 * In plain text (the page footer is a CSS string, where no element can
 * isolate): the text's own bidi controls removed, so none can close or escape
 * the first-strong isolate (U+2068 … U+2069) put around it.
 */
export const isolatedPlain = (s: string): string =>
  BIDI_SENSITIVE.test(s) ? `\u2068${reportField(s).replace(BIDI_CONTROLS, '')}\u2069` : reportField(s);
