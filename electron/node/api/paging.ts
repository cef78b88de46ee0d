/**
 * Reading a list that spans pages, when the server may not hold still or may
 * never stop. Page-paginated lists (spec 4.9) are collected whole before
 * anything is returned, so a read that has to start again from page 1 takes
 * nothing back from a caller; location history (token-paginated) is bounded.
 */
import type { Rejection } from '../../../shared/api/validate.ts';
import { EndlessPagingError, ListChangedError } from './errors.ts';

export interface Records<T> {
  records: T[];
  rejected: Rejection[];
}

export const PAGING_LIMITS = {
  /** Reads of a page-paginated list from page 1 after the first, when it changed under the previous one. */
  restarts: 3,
  /** Pages in a row with no record at all (page-paginated or history). */
  emptyPagesInARow: 20,
  /** Records of one page-paginated list; far above any fleet's roster. */
  maxListRecords: 100_000,
  /** Pages of one page-paginated list read (a list of 100,000 needs 100 at the largest limit). */
  maxListPages: 1_000,
  /** History: pages of one query beyond 3 × the pages its records need. */
  historySlackPages: 20,
} as const;

export interface ListedPage<T> extends Records<T> {
  /** As the server sent them; undefined when absent. */
  totalPages: number | undefined;
  totalElements: number | undefined;
}

export interface ListingOptions<T> {
  host: string;
  /** What the list holds, for messages: "vehicles". */
  what: string;
  idOf: (record: T) => string;
  read: (page: number) => Promise<ListedPage<T>>;
}

const plural = (n: number, one: string, many: string): string => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * Spec 4.9 (page 1 on, while page < total_pages), complete or an error: ids
 * seen on an earlier page are dropped; totals that change between pages, a
 * page that repeats an earlier one, or pages that end short of the total send
 * the read back to page 1 (a record moved between pages may be missing), at
 * most `restarts` times.
 */
export async function collectListing<T>(o: ListingOptions<T>): Promise<Records<T>> {
  for (let reads = 1; ; reads++) {
    const list = await readOnce(o);
    if (list) return list;
    if (reads > PAGING_LIMITS.restarts) throw new ListChangedError(o.host, o.what, reads);
  }
}

/** One read from page 1: the whole list, or null when it changed under the read. */
async function readOnce<T>(o: ListingOptions<T>): Promise<Records<T> | null> {
  const out: Records<T> = { records: [], rejected: [] };
  const ids = new Set<string>();
  const rejectedIds = new Set<string>();
  const pagesSeen = new Set<string>();
  let totals: { pages: number | undefined; elements: number | undefined } | undefined;
  let emptyInARow = 0;
  /** The most records one page held: the server's page size, whatever limit was asked. */
  let pageSize = 0;
  for (let page = 1; ; page++) {
    const p = await o.read(page);
    if (!totals) totals = { pages: p.totalPages, elements: p.totalElements };
    else if (p.totalPages !== totals.pages || p.totalElements !== totals.elements) return null;

    const pageIds = p.records.map(o.idOf);
    if (pageIds.length > 0) {
      const key = [...new Set(pageIds)].sort().join('\n');
      if (pagesSeen.has(key)) return null;
      pagesSeen.add(key);
    }
    p.records.forEach((r, i) => {
      const id = pageIds[i]!;
      if (ids.has(id)) return;
      ids.add(id);
      out.records.push(r);
    });
    for (const rej of p.rejected) {
      if (rej.id !== undefined) {
        if (ids.has(rej.id) || rejectedIds.has(rej.id)) continue;
        rejectedIds.add(rej.id);
      }
      out.rejected.push(rej);
    }

    const onPage = p.records.length + p.rejected.length;
    pageSize = Math.max(pageSize, onPage);
    emptyInARow = onPage === 0 ? emptyInARow + 1 : 0;
    const have = out.records.length + out.rejected.length;
    const { pages, elements } = totals;
    if (have > PAGING_LIMITS.maxListRecords)
      throw new EndlessPagingError(
        `${o.host} listed more than ${plural(PAGING_LIMITS.maxListRecords, o.what, o.what)}; RouteLens stops there, as no fleet is that large.`,
      );
    // Every element the server counts is here: pages past them can only repeat or be empty.
    if (elements !== undefined && have >= elements) return out;
    // No total_pages: this page is the last (as before). With a total, the pages it can fill are all it can need.
    const last = pages ?? page;
    const needed = elements !== undefined && pageSize > 0 ? Math.ceil(elements / pageSize) : Infinity;
    if (page >= last || page >= needed) return elements !== undefined && have < elements ? null : out;
    if (emptyInARow >= PAGING_LIMITS.emptyPagesInARow)
      throw new EndlessPagingError(
        `${o.host} sent ${emptyInARow} empty pages of ${o.what} in a row (up to page ${page.toLocaleString('en-US')} of the ${last.toLocaleString('en-US')} it reported); RouteLens stopped there, as the list would never end.`,
      );
    if (page >= PAGING_LIMITS.maxListPages)
      throw new EndlessPagingError(
        `${o.host} sent more than ${plural(PAGING_LIMITS.maxListPages, 'page', 'pages')} of ${o.what}; RouteLens stopped there, as no fleet needs that many.`,
      );
  }
}

export interface HistoryRange {
  vehicleId: string;
  from: string;
  to: string;
}

/**
 * Bounds on one location-history query, checked before each next page: at
 * most `emptyPagesInARow` pages in a row without data, and at most
 * 3 × ceil(records / page size) + `historySlackPages` pages in all. The page
 * size is the largest page the server sent, never above the limit asked nor
 * below a tenth of it (a server that sends a record or two a page is then
 * bounded as well).
 */
export function createHistoryGuard(host: string, q: HistoryRange, limit: number): (onPage: number) => void {
  let pages = 0;
  let records = 0;
  let emptyInARow = 0;
  let largest = 0;
  const floor = Math.max(1, Math.ceil(limit / 10));
  const range = `vehicle "${q.vehicleId}" from ${q.from} to ${q.to}`;
  return (onPage) => {
    pages++;
    records += onPage;
    emptyInARow = onPage === 0 ? emptyInARow + 1 : 0;
    largest = Math.max(largest, onPage);
    if (emptyInARow >= PAGING_LIMITS.emptyPagesInARow)
      throw new EndlessPagingError(
        `${host} sent ${emptyInARow} pages in a row without data for ${range}, each pointing to another page; RouteLens stopped there, so those days were not downloaded.`,
      );
    const size = Math.min(limit, Math.max(largest, floor));
    const allowed = 3 * Math.ceil(records / size) + PAGING_LIMITS.historySlackPages;
    if (pages >= allowed)
      throw new EndlessPagingError(
        `${host} sent ${plural(pages, 'page', 'pages')} for ${range}, more than its ${plural(records, 'record', 'records')} can need, and still pointed to another; RouteLens stopped there, so those days were not downloaded.`,
      );
  };
}
