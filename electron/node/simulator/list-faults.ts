/**
 * Faults of the page-paginated lists and of error descriptions (types.ts
 * FaultOptions): a server's own page-size cap, lists that change between a
 * client's page requests, and HTTP 200 answers whose description is an error.
 */
import { API_LIMITS, type Envelope } from '../../../shared/api/wire.ts';
import { fromApiDate } from '../../../shared/util/day.ts';
import type { FaultOptions } from './types.ts';

export class BadParam extends Error {}

function parsePositiveInt(raw: string | null, name: string, dflt: number, max: number): number {
  if (raw === null) return dflt;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new BadParam(`${name} must be a positive integer`);
  const n = Number(raw);
  if (n > max) throw new BadParam(`${name} must not exceed ${max}`);
  return n;
}

export interface ListPage<T> {
  data: T[];
  envelope: Partial<Envelope<unknown>>;
}

export interface ListFaults {
  /** One page of `endpoint`'s list as the faults show it (spec 4.9's envelope fields). */
  page<T>(endpoint: string, items: T[], q: URLSearchParams, maxLimit: number): ListPage<T>;
  /** The list changes begin again (after setFaults). */
  reset(): void;
}

export function createListFaults(faults: () => FaultOptions): ListFaults {
  const changed = new Map<string, { applied: number; rotated: number; removed: number }>();
  return {
    page(endpoint, items, q, maxLimit) {
      const f = faults();
      const asked = parsePositiveInt(q.get('limit'), 'limit', API_LIMITS.defaultLimit, maxLimit);
      const page = parsePositiveInt(q.get('page'), 'page', 1, Number.MAX_SAFE_INTEGER);
      const limit = Math.min(asked, Math.max(1, Math.floor(f.pageSizeCap ?? asked)));
      const state = changed.get(endpoint) ?? { applied: 0, rotated: 0, removed: 0 };
      changed.set(endpoint, state);
      const change = f.listChanges;
      if (change && page >= 2 && state.applied < change.times) {
        state.applied++;
        if (change.kind === 'rotate') state.rotated++;
        else state.removed++;
      }
      const left = items.slice(state.removed);
      const k = left.length > 0 ? state.rotated % left.length : 0;
      const list = k > 0 ? [...left.slice(left.length - k), ...left.slice(0, left.length - k)] : left;
      const data = list.slice((page - 1) * limit, page * limit);
      return {
        data,
        envelope: { page, size: data.length, total_elements: list.length, total_pages: Math.ceil(list.length / limit) },
      };
    },
    reset() {
      changed.clear();
    },
  };
}

/** The error-description answer this request gets, or null when the fault does not apply to it. */
export function errorDescriptionAnswer(
  f: FaultOptions,
  endpoint: string,
  q: URLSearchParams,
): Envelope<unknown> | null {
  const e = f.errorDescription;
  if (!e) return null;
  if (e.endpoint !== undefined && e.endpoint !== endpoint) return null;
  if (e.laterPagesOnly && !q.get('next_page_token')) return null;
  if (e.fromDay !== undefined) {
    const start = fromApiDate(q.get('start_date') ?? '');
    if (!start || start < e.fromDay) return null;
  }
  return { description: e.description, data: e.data ? [] : null };
}
