import { compareSetupOf, compareSetupParams, type CompareSetup } from '../compare/compare-setup.ts';
import { paramsToQuery, queryToParams, type InboxQuery } from '../inbox/inbox-query.ts';
import type { Span } from '../review/Selection.tsx';
import type { EventSpan } from '../review/event-focus.ts';

/** A place in the trip review: a vehicle's days, and optionally a moment to open at. */
export interface ReviewPlace {
  carrierId: string;
  vehicleId: string;
  /** The last day of the span (YYYY-MM-DD); empty: the vehicle's latest stored day. */
  day: string;
  span: Span;
  /** Epoch ms to seek playback to once the days are loaded. */
  seekTo?: number;
  /** An event to open at: playback at its start (unless `seekTo` says otherwise), charts and map zoomed to it. */
  event?: EventSpan;
  /** The range this day was opened from (the per-day table): the page offers a Back to it. */
  back?: { day: string; span: Span };
}

/** A download to prepare: a carrier, optionally one vehicle ticked, optionally the days (a custom range). */
export interface DownloadTarget {
  carrierId: string;
  vehicleId?: string;
  from?: string;
  to?: string;
}

/**
 * Where the user is, with what the screen needs to open in the same place.
 * Reflected in the URL fragment (viewToHash / hashToView), so a reload and
 * back/forward keep the place. No router: one window, a handful of screens.
 */
export type View =
  | { page: 'carriers'; adding?: boolean }
  | { page: 'fleet'; carrierId: string }
  | ({ page: 'downloads' } & Partial<DownloadTarget>)
  | { page: 'storage' }
  | { page: 'review'; place?: ReviewPlace }
  | { page: 'compare'; setup?: CompareSetup }
  | { page: 'inbox'; query?: InboxQuery }
  | { page: 'zones' }
  | { page: 'settings' };

/** Same screen (the sidebar's "current page"): review places and the add form do not count. */
export function sameView(a: View, b: View): boolean {
  return a.page === b.page && (a.page !== 'fleet' || (b.page === 'fleet' && a.carrierId === b.carrierId));
}

const SPANS: readonly Span[] = ['day', 'week', 'month', '6m'];
const ID = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const PLAIN = new Set(['storage', 'zones', 'settings']);
/** `ev=<startMs>-<endMs>`: whole epoch ms, at most 16 digits each. */
const EVENT = /^(\d{1,16})-(\d{1,16})$/;
/** Longer than any event of a selection (six months and a day): a longer one is hand-edited. */
const MAX_EVENT_MS = 185 * 86_400_000;

/** The event of an `ev` parameter, null when absent, 'bad' when out of shape. */
function parseEvent(text: string | null): EventSpan | null | 'bad' {
  if (text === null) return null;
  const m = EVENT.exec(text);
  if (!m) return 'bad';
  const startMs = Number(m[1]);
  const endMs = Number(m[2]);
  if (!Number.isSafeInteger(startMs) || !Number.isSafeInteger(endMs)) return 'bad';
  if (endMs < startMs || endMs - startMs > MAX_EVENT_MS) return 'bad';
  return { startMs, endMs };
}

/** The range of a `back=<span>:<day>` parameter, null when absent, 'bad' when out of shape. */
function parseBack(text: string | null): { day: string; span: Span } | null | 'bad' {
  if (text === null) return null;
  const [span, day, ...rest] = text.split(':');
  return rest.length === 0 && SPANS.includes(span as Span) && DAY.test(day ?? '')
    ? { span: span as Span, day: day! }
    : 'bad';
}

/** The URL fragment of a view, without '#': `review?carrier=…&vehicle=…&day=…&span=…&t=…&ev=…`. */
export function viewToHash(view: View): string {
  if (view.page === 'fleet') return `fleet?${new URLSearchParams({ carrier: view.carrierId })}`;
  if (view.page === 'downloads' && view.carrierId) {
    const q = new URLSearchParams({ carrier: view.carrierId });
    if (view.vehicleId) q.set('vehicle', view.vehicleId);
    if (view.from && view.to) {
      q.set('from', view.from);
      q.set('to', view.to);
    }
    return `downloads?${q}`;
  }
  if (view.page === 'review' && view.place) {
    const p = view.place;
    const q = new URLSearchParams({ carrier: p.carrierId, vehicle: p.vehicleId });
    if (p.day) q.set('day', p.day);
    q.set('span', p.span);
    if (p.seekTo !== undefined) q.set('t', String(p.seekTo));
    if (p.event) q.set('ev', `${p.event.startMs}-${p.event.endMs}`);
    if (p.back) q.set('back', `${p.back.span}:${p.back.day}`);
    return `review?${q}`;
  }
  if (view.page === 'review') return 'review';
  if (view.page === 'compare') {
    const q = view.setup ? compareSetupParams(view.setup).toString() : '';
    return q ? `compare?${q}` : 'compare';
  }
  if (view.page === 'inbox') {
    const q = view.query ? queryToParams(view.query).toString() : '';
    return q ? `inbox?${q}` : 'inbox';
  }
  return view.page;
}

/**
 * The view a fragment names, or null when it names none (empty, `token=…`,
 * anything hand-edited out of shape). Read defensively: the address bar is input.
 */
export function hashToView(hash: string): View | null {
  const text = hash.startsWith('#') ? hash.slice(1) : hash;
  if (text.length > 1000) return null;
  const q = text.indexOf('?');
  const page = q < 0 ? text : text.slice(0, q);
  const params = new URLSearchParams(q < 0 ? '' : text.slice(q + 1));
  if (page === 'carriers') return { page: 'carriers' };
  if (PLAIN.has(page)) return { page } as View;
  if (page === 'fleet') {
    const carrierId = params.get('carrier') ?? '';
    return ID.test(carrierId) ? { page: 'fleet', carrierId } : null;
  }
  if (page === 'downloads') {
    const carrierId = params.get('carrier');
    const vehicleId = params.get('vehicle');
    if (carrierId === null || !ID.test(carrierId)) return { page: 'downloads' };
    return vehicleId !== null && ID.test(vehicleId)
      ? { page: 'downloads', carrierId, vehicleId }
      : { page: 'downloads', carrierId };
  }
  if (page === 'inbox') return { page: 'inbox', query: paramsToQuery(params) };
  if (page === 'compare') {
    const setup = compareSetupOf(params);
    return setup ? { page: 'compare', setup } : { page: 'compare' };
  }
  if (page !== 'review') return null;
  const carrierId = params.get('carrier');
  if (carrierId === null) return { page: 'review' };
  const vehicleId = params.get('vehicle') ?? '';
  const day = params.get('day') ?? '';
  const span = params.get('span') as Span;
  const t = params.get('t');
  const seekTo = t === null ? undefined : Number(t);
  if (!ID.test(carrierId) || !ID.test(vehicleId) || (day !== '' && !DAY.test(day)) || !SPANS.includes(span))
    return { page: 'review' };
  if (seekTo !== undefined && !Number.isSafeInteger(seekTo)) return { page: 'review' };
  const event = parseEvent(params.get('ev'));
  const back = parseBack(params.get('back'));
  if (event === 'bad' || back === 'bad') return { page: 'review' };
  return {
    page: 'review',
    place: {
      carrierId,
      vehicleId,
      day,
      span,
      ...(seekTo !== undefined ? { seekTo } : {}),
      ...(event ? { event } : {}),
      ...(back ? { back } : {}),
    },
  };
}
