import type { InboxEvent } from './events.ts';

/**
 * The inbox's events as its worker sends them to the page: every number in one Float64Array, every text as
 * an index into one table of the distinct texts. A structured clone copies an object property by property,
 * on the worker's thread and again on the page's: a fleet's month of events (tens of thousands, about twenty
 * properties each) cost both threads hundreds of milliseconds. These values clone in a few, and the page
 * builds the objects again in tens.
 */
export interface PackedInboxEvents {
  count: number;
  n: Float64Array;
  t: Int32Array;
  texts: string[];
}

/**
 * How each field of an event travels: a number; a number or null (NaN); a text; a text or null (-1); a text,
 * null (-1) or absent (-2); a flag that is true, false or absent. Every field of InboxEvent is a row here
 * (the type refuses a missing one), and the packed widths derive from it.
 */
const FIELDS = {
  key: 'text',
  carrierId: 'text',
  vehicleId: 'text',
  vehicleNumber: 'text',
  kind: 'text',
  tier: 'text|null',
  startMs: 'number',
  endMs: 'number',
  durationSeconds: 'number',
  peakSpeedMph: 'number|null',
  overLimitMph: 'number|null',
  gapMiles: 'number|null',
  lat: 'number',
  lng: 'number',
  place: 'text',
  day: 'text',
  atLeast: 'flag?',
  driverId: 'text|null?',
} as const satisfies Record<keyof InboxEvent, 'number' | 'number|null' | 'text' | 'text|null' | 'text|null?' | 'flag?'>;

type Field = keyof typeof FIELDS;
const NAMES = Object.keys(FIELDS) as Field[];
const NUMBERS = NAMES.filter((f) => FIELDS[f].startsWith('number') || FIELDS[f] === 'flag?');
const TEXTS = NAMES.filter((f) => FIELDS[f].startsWith('text'));
const NULL = -1;
const ABSENT = -2;
const FLAG = { absent: 0, true: 1, false: 2 } as const;

function packNumber(field: Field, value: unknown): number {
  if (FIELDS[field] === 'flag?') return value === undefined ? FLAG.absent : value ? FLAG.true : FLAG.false;
  return value === null ? NaN : (value as number);
}

export function packInboxEvents(events: readonly InboxEvent[]): PackedInboxEvents {
  const n = new Float64Array(events.length * NUMBERS.length);
  const t = new Int32Array(events.length * TEXTS.length);
  const texts: string[] = [];
  const index = new Map<string, number>();
  const textIndex = (value: unknown): number => {
    if (value === undefined) return ABSENT;
    if (value === null) return NULL;
    const s = value as string;
    let i = index.get(s);
    if (i === undefined) {
      i = texts.length;
      texts.push(s);
      index.set(s, i);
    }
    return i;
  };
  events.forEach((e, k) => {
    const row = e as unknown as Record<Field, unknown>;
    NUMBERS.forEach((f, j) => (n[k * NUMBERS.length + j] = packNumber(f, row[f])));
    TEXTS.forEach((f, j) => (t[k * TEXTS.length + j] = textIndex(row[f])));
  });
  return { count: events.length, n, t, texts };
}

/** Each field in FIELDS' order with its column among the numbers or the texts: events come back with their fields in that order. */
const SLOTS = NAMES.map((f) => ({
  f,
  kind: FIELDS[f],
  col: NUMBERS.includes(f) ? NUMBERS.indexOf(f) : TEXTS.indexOf(f),
}));

/** The events packInboxEvents packed; a TypeError when the arrays do not hold `count` events of this shape. */
export function unpackInboxEvents(p: PackedInboxEvents): InboxEvent[] {
  const { count, n, t, texts } = p;
  const whole = Number.isInteger(count) && count >= 0;
  if (!whole || !(n instanceof Float64Array) || !(t instanceof Int32Array) || !Array.isArray(texts))
    throw new TypeError('Not packed inbox events.');
  if (n.length !== count * NUMBERS.length || t.length !== count * TEXTS.length)
    throw new TypeError(`Packed inbox events: ${count} events do not fill ${n.length} numbers and ${t.length} texts.`);
  const out = new Array<InboxEvent>(count);
  for (let k = 0; k < count; k++) {
    const e: Record<string, unknown> = {};
    for (const { f, kind, col } of SLOTS) {
      if (kind === 'flag?') {
        const v = n[k * NUMBERS.length + col]!;
        if (v !== FLAG.absent) e[f] = v === FLAG.true;
      } else if (kind === 'number' || kind === 'number|null') {
        const v = n[k * NUMBERS.length + col]!;
        e[f] = kind === 'number|null' && Number.isNaN(v) ? null : v;
      } else {
        const i = t[k * TEXTS.length + col]!;
        if (i === ABSENT && kind === 'text|null?') continue;
        if (i === NULL && kind !== 'text') e[f] = null;
        else if (i >= 0 && i < texts.length && typeof texts[i] === 'string') e[f] = texts[i];
        else throw new TypeError(`Packed inbox events: event ${k}'s ${f} has no text (${i}).`);
      }
    }
    out[k] = e as unknown as InboxEvent;
  }
  return out;
}
