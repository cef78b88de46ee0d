import { isUtcDay } from '../../../../shared/util/day.ts';
import { RANGE_LABELS, type RangePreset } from '../../downloads/ranges.ts';

/**
 * What Compare was set to, kept in the navigation state (`#compare?…`) as Trip review keeps its place, so
 * leaving for another screen and coming back (sidebar, back/forward, reload) shows and prints the same
 * comparison. The analysis settings are not part of it: they are one set for the whole app, kept in the
 * preferences and shared with Trip review and the inbox (issue 31, item 5), so an address never carries
 * others; an old address's parameters are ignored.
 */
export interface CompareSetup {
  carrierIds: string[];
  range: RangePreset;
  /** The custom range's days (as typed: the page checks them). */
  from: string;
  to: string;
}

const ID = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$/;
/** More than MAX_CARRIERS: the page keeps the first it allows. */
const MAX_IDS = 8;

export function compareSetupParams(s: CompareSetup): URLSearchParams {
  const q = new URLSearchParams();
  for (const id of s.carrierIds) q.append('carrier', id);
  q.set('range', s.range);
  if (s.range === 'custom') {
    if (s.from) q.set('from', s.from);
    if (s.to) q.set('to', s.to);
  }
  return q;
}

/** The setup an address names, read defensively field by field; null when it names none. */
export function compareSetupOf(q: URLSearchParams): CompareSetup | null {
  const range = q.get('range');
  if (range === null || !(range in RANGE_LABELS)) return null;
  const day = (text: string | null) => (text !== null && isUtcDay(text) ? text : '');
  return {
    carrierIds: [...new Set(q.getAll('carrier').filter((id) => ID.test(id)))].slice(0, MAX_IDS),
    range: range as RangePreset,
    from: day(q.get('from')),
    to: day(q.get('to')),
  };
}
