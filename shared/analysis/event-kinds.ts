import { csvTextCell } from '../export/csv.ts';
import { formatFigure } from '../export/format.ts';
import type { InboxEvent } from '../inbox/events.ts';
import { TIER_NAMES } from '../roads/tiers.ts';
import type { LimitSource } from '../roads/types.ts';
import type { GapReason } from '../track/gaps.ts';
import { formatDuration } from '../util/duration.ts';
import type { EventFieldsOf, EventKind, SafetyEvent, SafetyEventOf } from './types.ts';

/**
 * The registry of safety event kinds: one row per kind, in display order (lists, filters, the order of
 * events starting at the same moment). Every list of kinds, the kind-specific texts, figures, CSV cells and
 * the stored form of a kind's own fields derive from it; its type makes the compiler demand a row for
 * every member of SafetyEvent (shared/analysis/types.ts). docs/analysis.md, "Adding an event kind".
 */

/** The figures the inbox and the review lists rank and filter by; null where a kind has none. */
export interface EventFigures {
  peakSpeedMph: number | null;
  /** How far the peak was over the limit the analysis used. */
  overLimitMph: number | null;
  gapMiles: number | null;
}

/** The events CSV's columns that only some kinds fill (shared/export/events-csv.ts places them). */
export const KIND_CSV_COLUMNS = [
  'peak_speed_mph',
  'limit_mph',
  'limit_source',
  'over_mph',
  'tier',
  'road',
  'way_id',
  'reason',
  'gap_miles',
] as const;
export type KindCsvColumn = (typeof KIND_CSV_COLUMNS)[number];

/**
 * A kind's own fields as stored in a packed day part (shared/analysis/day-part-pack.ts): always `numbers`
 * numbers and `texts` texts. `read` gives null when what it reads is not something `write` wrote (a code
 * out of range), so a damaged row is refused rather than read as another value.
 */
export interface PayloadCodec<K extends EventKind> {
  numbers: number;
  texts: number;
  write(e: SafetyEventOf<K>): { n: number[]; s: string[] };
  /** The fields from n[o..o+numbers) and s[k..k+texts). */
  read(n: Float64Array, o: number, s: readonly string[], k: number): EventFieldsOf<K> | null;
}

export interface EventKindRow<K extends EventKind> {
  /** The kind's number in a packed day part; unique (a row written by another build is analysed again). */
  code: number;
  /** One event: "Speeding". */
  label: string;
  /** The list filter's choice: "Long stops". */
  plural: string;
  /** Several of them inside a sentence: "long stops". */
  inSentence: string;
  /** Its point on the fleet map. */
  mapColor: string;
  /** The inbox's "Priority" sort: higher is acted on first. */
  priority: number;
  /** Shown in the inbox until the user unticks it. */
  inboxDefault: boolean;
  payload: PayloadCodec<K>;
  figures(e: SafetyEventOf<K>, thresholdMph: number): EventFigures;
  /** The inbox's "Severity" sort: one scale across kinds, worst highest. */
  severity(e: InboxEvent): number;
  /** The review list's line under the label. */
  reviewDetail(e: SafetyEventOf<K>): string;
  /** The inbox list's line under the label. */
  inboxDetail(e: InboxEvent): string;
  /** The audit report's detail cell. */
  auditDetail(e: SafetyEventOf<K>): string;
  /** The kind's cells of the events CSV; the columns it leaves out are empty. */
  csvCells(e: SafetyEventOf<K>): Partial<Record<KindCsvColumn, string>>;
}

const NO_FIGURES: EventFigures = { peakSpeedMph: null, overLimitMph: null, gapMiles: null };
const NO_PAYLOAD = { numbers: 0, texts: 0, write: () => ({ n: [], s: [] }), read: () => ({}) };
const minutesLong = (e: InboxEvent) => e.durationSeconds / 60;

/** Gap reasons: their code in a packed part and their words in the review list. */
const GAP_REASONS = {
  offline: { code: 0, text: 'offline' },
  silence: { code: 1, text: 'no readings' },
  jump: { code: 2, text: 'position jump' },
} as const satisfies Record<GapReason, { code: number; text: string }>;
const GAP_REASON_OF_CODE = new Map<number, GapReason>(
  Object.entries(GAP_REASONS).map(([r, { code }]) => [code, r as GapReason]),
);

export const EVENT_KIND_ROWS: { readonly [K in EventKind]: EventKindRow<K> } = {
  speeding: {
    code: 0,
    label: 'Speeding',
    plural: 'Speeding',
    inSentence: 'speeding',
    mapColor: '#b42318',
    priority: 2,
    inboxDefault: true,
    payload: {
      numbers: 1,
      texts: 0,
      write: (e) => ({ n: [e.peakSpeedMph], s: [] }),
      read: (n, o) => ({ peakSpeedMph: n[o]! }),
    },
    figures: (e, thresholdMph) => ({
      ...NO_FIGURES,
      peakSpeedMph: e.peakSpeedMph,
      overLimitMph: Math.max(0, e.peakSpeedMph - thresholdMph),
    }),
    severity: (e) => e.overLimitMph ?? 0,
    reviewDetail: (e) => `peak ${e.peakSpeedMph.toFixed(0)} mph · ${formatDuration(e.durationSeconds)}`,
    inboxDetail: (e) =>
      `peak ${e.peakSpeedMph?.toFixed(0)} mph, ${e.overLimitMph?.toFixed(0)} over · ${formatDuration(e.durationSeconds)}`,
    auditDetail: (e) => `peak ${formatFigure(e.peakSpeedMph, 'mph')} mph`,
    csvCells: (e) => ({ peak_speed_mph: formatFigure(e.peakSpeedMph, 'mph') }),
  },
  'over-limit': {
    code: 3,
    label: 'Over the limit',
    plural: 'Over the limit',
    inSentence: 'over-the-limit events',
    mapColor: '#c2410c',
    // Judged against the road's own limit: what the field acts on first.
    priority: 3,
    inboxDefault: true,
    payload: {
      numbers: 6,
      texts: 1,
      write: (e) => ({
        n: [
          e.peakSpeedMph,
          e.limitMph,
          e.overMph,
          e.wayId,
          TIER_NAMES.indexOf(e.tier),
          LIMIT_SOURCES.indexOf(e.limitSource),
        ],
        s: [e.road],
      }),
      read: (n, o, s, k) => {
        const tier = TIER_NAMES[n[o + 4]!];
        const limitSource = LIMIT_SOURCES[n[o + 5]!];
        if (tier === undefined || limitSource === undefined) return null;
        return {
          peakSpeedMph: n[o]!,
          limitMph: n[o + 1]!,
          overMph: n[o + 2]!,
          wayId: n[o + 3]!,
          tier,
          limitSource,
          road: s[k]!,
        };
      },
    },
    figures: (e) => ({ ...NO_FIGURES, peakSpeedMph: e.peakSpeedMph, overLimitMph: e.overMph }),
    severity: (e) => e.overLimitMph ?? 0,
    reviewDetail: (e) => `${overText(e)} · ${roadText(e)} · ${formatDuration(e.durationSeconds)}`,
    inboxDetail: (e) => `${e.overLimitMph?.toFixed(0)} over the road's limit · ${formatDuration(e.durationSeconds)}`,
    auditDetail: (e) => `${overText(e)}, ${roadText(e)}, peak ${formatFigure(e.peakSpeedMph, 'mph')} mph`,
    csvCells: (e) => ({
      peak_speed_mph: formatFigure(e.peakSpeedMph, 'mph'),
      limit_mph: formatFigure(e.limitMph, 'mph'),
      limit_source: e.limitSource,
      over_mph: formatFigure(e.overMph, 'mph'),
      tier: e.tier,
      // Text from the user's extract: quoted and kept from being read as a formula, like every text cell.
      road: csvTextCell(e.road),
      way_id: String(e.wayId),
    }),
  },
  'long-stop': {
    code: 1,
    label: 'Long stop',
    plural: 'Long stops',
    inSentence: 'long stops',
    mapColor: '#6b3fa0',
    priority: 0,
    // Parked trucks and required rest: shown on request, they would bury what needs acting on.
    inboxDefault: false,
    payload: NO_PAYLOAD,
    figures: () => NO_FIGURES,
    severity: minutesLong,
    reviewDetail: (e) => formatDuration(e.durationSeconds),
    inboxDetail: (e) =>
      e.atLeast
        ? `at least ${formatDuration(e.durationSeconds)} (cut by the range)`
        : formatDuration(e.durationSeconds),
    auditDetail: () => '',
    csvCells: () => ({}),
  },
  gap: {
    code: 2,
    label: 'Data gap',
    plural: 'Data gaps',
    inSentence: 'gaps',
    mapColor: '#667085',
    priority: 1,
    inboxDefault: true,
    payload: {
      numbers: 2,
      texts: 0,
      write: (e) => ({ n: [e.miles, GAP_REASONS[e.reason].code], s: [] }),
      read: (n, o) => {
        const reason = GAP_REASON_OF_CODE.get(n[o + 1]!);
        return reason === undefined ? null : { miles: n[o]!, reason };
      },
    },
    figures: (e) => ({ ...NO_FIGURES, gapMiles: e.miles }),
    severity: minutesLong,
    reviewDetail: (e) =>
      `${GAP_REASONS[e.reason].text} · ${formatDuration(e.durationSeconds)} · ${e.miles.toFixed(1)} mi unaccounted`,
    inboxDetail: (e) => `${formatDuration(e.durationSeconds)} · ${(e.gapMiles ?? 0).toFixed(1)} mi unaccounted`,
    auditDetail: (e) => `${e.reason}, ${formatFigure(e.miles, 'miles')} mi across`,
    csvCells: (e) => ({ reason: e.reason, gap_miles: formatFigure(e.miles, 'miles') }),
  },
};

/** Where a road limit came from, by its code in a packed part. */
const LIMIT_SOURCES: readonly LimitSource[] = ['zone', 'posted', 'default', 'none'];

/** "14 over the 65 mph posted limit (heavy)": the limit always named with where it came from. */
function overText(e: SafetyEventOf<'over-limit'>): string {
  return `${e.overMph.toFixed(0)} over the ${e.limitMph.toFixed(0)} mph ${e.limitSource} limit (${e.tier})`;
}

/** The road by name or ref, and its OpenStreetMap way; a user's zone (no way) by its name. */
function roadText(e: SafetyEventOf<'over-limit'>): string {
  if (e.limitSource === 'zone') return e.road ? `${e.road} (speed zone)` : 'speed zone';
  return e.road ? `${e.road} (way ${e.wayId})` : `way ${e.wayId}`;
}

/** Every kind, in display order. */
export const EVENT_KINDS = Object.keys(EVENT_KIND_ROWS) as EventKind[];

/** The row of `e`'s kind, typed for `e` (a union's row cannot be called with the union). */
export function kindRowOf<K extends EventKind>(e: SafetyEventOf<K>): EventKindRow<K> {
  return EVENT_KIND_ROWS[e.kind as K];
}

export function isEventKind(v: unknown): v is EventKind {
  return typeof v === 'string' && Object.hasOwn(EVENT_KIND_ROWS, v);
}

/** Kinds in the inbox's "Priority" order: acted on first, first. */
export const KINDS_BY_PRIORITY = [...EVENT_KINDS].sort(
  (a, b) => EVENT_KIND_ROWS[b].priority - EVENT_KIND_ROWS[a].priority,
);

/** A kind's place in display order. */
export const KIND_ORDER = Object.fromEntries(EVENT_KINDS.map((k, i) => [k, i])) as Record<EventKind, number>;

/** The row of each pack code. */
export const KIND_OF_CODE: ReadonlyMap<number, EventKind> = new Map(
  EVENT_KINDS.map((k) => [EVENT_KIND_ROWS[k].code, k]),
);

/** A count of 0 for every kind. */
export function zeroPerKind(): Record<EventKind, number> {
  return Object.fromEntries(EVENT_KINDS.map((k) => [k, 0])) as Record<EventKind, number>;
}

/** Helpers for a SafetyEvent of any kind: each calls the row of the event's own kind. */
export const eventFigures = (e: SafetyEvent, thresholdMph: number): EventFigures =>
  kindRowOf(e).figures(e, thresholdMph);
export const reviewDetail = (e: SafetyEvent): string => kindRowOf(e).reviewDetail(e);
export const auditDetail = (e: SafetyEvent): string => kindRowOf(e).auditDetail(e);
export const kindCsvCells = (e: SafetyEvent): Partial<Record<KindCsvColumn, string>> => kindRowOf(e).csvCells(e);
