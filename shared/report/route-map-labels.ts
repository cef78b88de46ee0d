import { xmlText } from '../export/xml.ts';

/**
 * The route map's place names (issue 31, item 9): the first and the last kept reading's calc_location
 * beside the start and end markers, so a printed report says where the route runs without a basemap's
 * labels. API text: one line, at most MAX_PLACE_CHARS characters, XML-escaped, and placed so that the
 * whole label stays inside the frame.
 */
export const MAX_PLACE_CHARS = 40;
const FONT_PX = 15;
/** A generous average advance of the report's sans-serif at FONT_PX (wide letters overestimate, never overflow). */
const CHAR_PX = 9;
const MARGIN = 8;
const OFFSET = 12;

/** A place name as one bounded line: control characters and runs of spaces become one space; '' when none. */
export function placeName(text: string): string {
  const line = [...text]
    .map((ch) => ((ch.codePointAt(0) ?? 0) < 0x20 || ch === '\u007f' ? ' ' : ch))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = [...line];
  return chars.length <= MAX_PLACE_CHARS
    ? line
    : `${chars
        .slice(0, MAX_PLACE_CHARS - 1)
        .join('')
        .trimEnd()}…`;
}

export interface LabelBox {
  x: number;
  y: number;
  anchor: 'start' | 'end';
  /** The label's estimated extent, for the frame check. */
  left: number;
  right: number;
}

/** Where a label of `chars` characters goes beside a marker at (mx, my): right of it unless that leaves the frame. */
export function labelBox(chars: number, mx: number, my: number, frame: { width: number; height: number }): LabelBox {
  const w = chars * CHAR_PX;
  const y = my - OFFSET >= FONT_PX + MARGIN ? my - OFFSET : Math.min(my + OFFSET + FONT_PX, frame.height - MARGIN);
  if (mx + OFFSET + w <= frame.width - MARGIN)
    return { x: mx + OFFSET, y, anchor: 'start', left: mx + OFFSET, right: mx + OFFSET + w };
  if (mx - OFFSET - w >= MARGIN) return { x: mx - OFFSET, y, anchor: 'end', left: mx - OFFSET - w, right: mx - OFFSET };
  return { x: MARGIN, y, anchor: 'start', left: MARGIN, right: MARGIN + w };
}

const r1 = (v: number) => Math.round(v * 10) / 10;

function labelSvg(name: string, mx: number, my: number, frame: { width: number; height: number }): string {
  const b = labelBox([...name].length, mx, my, frame);
  // A box behind the text rather than a stroked halo: a stroked copy prints as a second text run, so the PDF's
  // text (search, copy, a screen reader) would read every word twice.
  const top = b.y - FONT_PX + 2;
  return (
    `<rect class="place-box" x="${r1(b.left - 3)}" y="${r1(top)}" width="${r1(b.right - b.left + 6)}" ` +
    `height="${FONT_PX + 4}" rx="3" fill="#fff" fill-opacity="0.85"/>` +
    `<text class="place" x="${r1(b.x)}" y="${r1(b.y)}" text-anchor="${b.anchor}" font-size="${FONT_PX}" fill="#222">` +
    `${xmlText(name)}</text>`
  );
}

/** The start and end labels; one "start and end" label when both name the same place close together. */
export function placeLabels(
  start: { name: string; x: number; y: number },
  end: { name: string; x: number; y: number },
  frame: { width: number; height: number },
): string {
  const a = placeName(start.name);
  const b = placeName(end.name);
  if (a !== '' && a === b && Math.hypot(start.x - end.x, start.y - end.y) < 60)
    return labelSvg(a, start.x, start.y, frame);
  return (a ? labelSvg(a, start.x, start.y, frame) : '') + (b ? labelSvg(b, end.x, end.y, frame) : '');
}
