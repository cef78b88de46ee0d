import { EVENT_KIND_ROWS } from '../../../../shared/analysis/event-kinds.ts';
import { ALL_DRIVERS, type DriverChoice } from '../../../../shared/inbox/drivers.ts';
import { INBOX_KINDS, type InboxKind } from '../../../../shared/inbox/events.ts';
import { ALL_EVENTS, type InboxFilter, type InboxSortKey } from '../../../../shared/inbox/filter.ts';
import { SCORECARD_METRIC_IDS, type ScorecardMetric } from '../../../../shared/inbox/scorecards.ts';
import { TIER_NAMES, type OverLimitTier } from '../../../../shared/roads/tiers.ts';
import { isReviewState, type ReviewState } from '../../../../shared/inbox/trail.ts';
import { isLocalDay, type LocalDay } from '../../../../shared/time/local-day.ts';

/**
 * What the safety inbox shows, kept in the address (`#inbox?…`) so a reload, back from Trip review and a
 * shared link open the same list. Every field has a default that restricts nothing, and only what differs
 * from it is written. Read defensively: a hand-edited address falls back field by field.
 */
export interface InboxQuery {
  /** Carriers whose events are listed; empty: every carrier. */
  carrierIds: string[];
  /** Days of each carrier's home zone, inclusive; '' until chosen (the page fills the last 7 days). */
  from: LocalDay | '';
  to: LocalDay | '';
  kinds: InboxKind[];
  /** Over-the-limit tiers shown; every tier by default. */
  tiers: OverLimitTier[];
  vehicleId: string | null;
  /** Who drove: in the address as `unassigned` or `<carrierId>/<driverId>` (a driver id is unique within its carrier). */
  driver: DriverChoice;
  minOverMph: number;
  minMinutes: number;
  day: LocalDay | null;
  place: string;
  review: 'any' | 'open' | ReviewState;
  /** [west, south, east, north] chosen on the map; null: anywhere. */
  area: [number, number, number, number] | null;
  sort: InboxSortKey;
  dir: 'ascending' | 'descending';
  group: 'none' | 'vehicle' | 'day';
  tab: 'events' | 'scorecards';
  metric: ScorecardMetric;
}

/** The kinds shown until the user unticks them (long stops are off until asked for: event-kinds.ts). */
export const DEFAULT_KINDS: readonly InboxKind[] = INBOX_KINDS.filter((k) => EVENT_KIND_ROWS[k].inboxDefault);

export const DEFAULT_QUERY: InboxQuery = {
  carrierIds: [],
  from: '',
  to: '',
  kinds: [...DEFAULT_KINDS],
  tiers: [...TIER_NAMES],
  vehicleId: null,
  driver: ALL_DRIVERS,
  minOverMph: 0,
  minMinutes: 0,
  day: null,
  place: '',
  review: 'any',
  area: null,
  sort: 'priority',
  dir: 'descending',
  group: 'none',
  tab: 'events',
  metric: 'speedingPer1000Mi',
};

/**
 * Days the app prepares in the background back from today (InboxPreparer): a month, so the default week, this
 * month and any range inside it open from kept day parts. Older days are analysed when a range first asks
 * for them, and kept from then on.
 */
export const PREPARED_DAYS = 31;

export const SORT_KEYS: readonly InboxSortKey[] = ['priority', 'time', 'severity', 'duration', 'vehicle'];
export const METRICS: readonly ScorecardMetric[] = SCORECARD_METRIC_IDS;
const ID = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$/;
const MAX_PLACE = 100;

export function filterOf(q: InboxQuery): InboxFilter {
  return {
    ...ALL_EVENTS,
    kinds: q.kinds,
    tiers: q.tiers,
    vehicleIds: q.vehicleId ? [q.vehicleId] : null,
    driver: q.driver,
    minOverLimitMph: q.minOverMph,
    minDurationSeconds: q.minMinutes * 60,
    day: q.day,
    place: q.place,
    review: q.review,
    area: q.area,
  };
}

export function queryToParams(q: InboxQuery): URLSearchParams {
  const p = new URLSearchParams();
  for (const id of q.carrierIds) p.append('carrier', id);
  if (q.from && q.to) {
    p.set('from', q.from);
    p.set('to', q.to);
  }
  if (q.kinds.join(',') !== DEFAULT_KINDS.join(',')) p.set('kinds', q.kinds.join(',') || 'none');
  if (q.tiers.join(',') !== TIER_NAMES.join(',')) p.set('tiers', q.tiers.join(',') || 'none');
  if (q.vehicleId) p.set('vehicle', q.vehicleId);
  const driver = driverParam(q.driver);
  if (driver) p.set('driver', driver);
  if (q.minOverMph > 0) p.set('over', String(q.minOverMph));
  if (q.minMinutes > 0) p.set('min', String(q.minMinutes));
  if (q.day) p.set('day', q.day);
  if (q.place) p.set('place', q.place);
  if (q.review !== 'any') p.set('review', q.review);
  if (q.area) p.set('area', areaText(q.area));
  if (q.sort !== DEFAULT_QUERY.sort) p.set('sort', q.sort);
  if (q.dir !== DEFAULT_QUERY.dir) p.set('dir', q.dir);
  if (q.group !== 'none') p.set('group', q.group);
  if (q.tab !== 'events') p.set('tab', q.tab);
  if (q.metric !== DEFAULT_QUERY.metric) p.set('metric', q.metric);
  return p;
}

const bounded = (text: string | null, max: number): number | null => {
  if (text === null || !/^\d{1,4}(\.\d{1,2})?$/.test(text)) return null;
  const n = Number(text);
  return n <= max ? n : null;
};

/**
 * A map area at 4 decimals (about 11 m), rounded outward. A cluster's events lie on its bounds, and the
 * map hands the bounds back through a projection round trip (a last-digit change), so an area taken as
 * is, or rounded inward for the address, would drop some of the cluster's own events from the list.
 */
export function outwardArea([w, s, e, n]: NonNullable<InboxQuery['area']>): NonNullable<InboxQuery['area']> {
  // The epsilon keeps a value already at 4 decimals where it is (40.6576 * 1e4 is 406575.99999999994).
  const down = (x: number) => Math.floor(x * 1e4 + 1e-6) / 1e4;
  const up = (x: number) => Math.ceil(x * 1e4 - 1e-6) / 1e4;
  return [down(w), down(s), up(e), up(n)];
}

function areaText(area: NonNullable<InboxQuery['area']>): string {
  return outwardArea(area)
    .map((x) => x.toFixed(4))
    .join(',');
}

function areaOf(text: string | null): InboxQuery['area'] {
  if (text === null) return null;
  const v = text.split(',').map(Number);
  if (v.length !== 4 || !v.every(Number.isFinite)) return null;
  const [w, s, e, n] = v as [number, number, number, number];
  const ok = w >= -180 && e <= 180 && w <= e && s >= -90 && n <= 90 && s <= n;
  return ok ? [w, s, e, n] : null;
}

function driverParam(d: DriverChoice): string | null {
  if (d.kind === 'all') return null;
  return d.kind === 'unassigned' ? 'unassigned' : `${d.carrierId}/${d.driverId}`;
}

/** `unassigned` or `<carrierId>/<driverId>` (ids never hold a '/'); anything else: every driver. */
export function driverOfParam(text: string | null): DriverChoice {
  if (text === 'unassigned') return { kind: 'unassigned' };
  const parts = text?.split('/') ?? [];
  if (parts.length !== 2 || !parts.every((part) => ID.test(part))) return ALL_DRIVERS;
  return { kind: 'driver', carrierId: parts[0]!, driverId: parts[1]! };
}

function kindsOf(text: string | null): InboxKind[] {
  if (text === null) return [...DEFAULT_KINDS];
  if (text === 'none') return [];
  const asked = text.split(',');
  return INBOX_KINDS.filter((k) => asked.includes(k));
}

/** Tiers named in the address, in tier order (unknown names dropped); absent: every tier. */
function tiersOf(text: string | null): OverLimitTier[] {
  if (text === null) return [...TIER_NAMES];
  if (text === 'none') return [];
  const asked = text.split(',');
  return TIER_NAMES.filter((t) => asked.includes(t));
}

/** The query an address's parameters name; anything out of shape falls back to its default. */
export function paramsToQuery(p: URLSearchParams): InboxQuery {
  const pick = <T extends string>(v: string | null, allowed: readonly T[], fallback: T): T =>
    v !== null && (allowed as readonly string[]).includes(v) ? (v as T) : fallback;
  const from = p.get('from') ?? '';
  const to = p.get('to') ?? '';
  const rangeOk = isLocalDay(from) && isLocalDay(to) && from <= to;
  const vehicle = p.get('vehicle');
  const day = p.get('day');
  const review = p.get('review');
  return {
    carrierIds: [...new Set(p.getAll('carrier').filter((id) => ID.test(id)))].slice(0, 50),
    from: rangeOk ? from : '',
    to: rangeOk ? to : '',
    kinds: kindsOf(p.get('kinds')),
    tiers: tiersOf(p.get('tiers')),
    vehicleId: vehicle !== null && ID.test(vehicle) ? vehicle : null,
    driver: driverOfParam(p.get('driver')),
    minOverMph: bounded(p.get('over'), 200) ?? 0,
    minMinutes: bounded(p.get('min'), 24 * 60) ?? 0,
    day: day !== null && isLocalDay(day) ? day : null,
    place: (p.get('place') ?? '').slice(0, MAX_PLACE),
    review: review === 'open' || isReviewState(review) ? review : 'any',
    area: areaOf(p.get('area')),
    sort: pick(p.get('sort'), SORT_KEYS, DEFAULT_QUERY.sort),
    dir: pick(p.get('dir'), ['ascending', 'descending'] as const, DEFAULT_QUERY.dir),
    group: pick(p.get('group'), ['none', 'vehicle', 'day'] as const, 'none'),
    tab: pick(p.get('tab'), ['events', 'scorecards'] as const, 'events'),
    metric: pick(p.get('metric'), METRICS, DEFAULT_QUERY.metric),
  };
}
