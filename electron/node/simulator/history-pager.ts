import { createHmac } from 'node:crypto';
import { hashInts, hashString, Rng } from './hash.ts';
import { Lru } from './lru.ts';
import type { DayList, SimVehicleRef } from './vehicle-days.ts';
import type { UtcDay } from '../../../shared/util/day.ts';

/**
 * Token pagination over a range of days. The token is stateless: it names the
 * query it belongs to (vehicle, start, end), where to resume and the last record
 * served, signed so a client cannot forge or retarget it.
 */
export interface PageCursor {
  /** Position in the ordered day list and within that day's ordered records. */
  d: number;
  i: number;
  /** Records served before this page (the position for shuffled order). */
  o: number;
  /** Where the previous page's last record sits: [d, i]. */
  last?: [number, number];
}

interface TokenBody extends PageCursor {
  v: string;
  s: UtcDay;
  e: UtcDay;
}

export class TokenError extends Error {}

export class TokenCodec {
  constructor(private readonly secret: string) {}

  encode(body: TokenBody): string {
    const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
    return `${payload}.${this.sign(payload)}`;
  }

  decode(token: string, v: string, s: UtcDay, e: UtcDay): PageCursor {
    const [payload, sig, extra] = token.split('.');
    if (!payload || !sig || extra !== undefined || sig !== this.sign(payload)) {
      throw new TokenError('next_page_token is not valid');
    }
    let body: TokenBody;
    try {
      body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as TokenBody;
    } catch {
      throw new TokenError('next_page_token is not valid');
    }
    if (body.v !== v || body.s !== s || body.e !== e) {
      throw new TokenError(
        'next_page_token belongs to another query: vehicle_id, start_date and end_date must match the query that issued it',
      );
    }
    return { d: body.d, i: body.i, o: body.o, ...(body.last ? { last: body.last } : {}) };
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.secret).update(payload).digest('base64url').slice(0, 22);
  }
}

export type Order = 'asc' | 'desc' | 'shuffled';

export interface PageRequest {
  ref: SimVehicleRef;
  days: UtcDay[];
  dayRecords: (day: UtcDay) => DayList;
  order: Order;
  limit: number;
  cursor: PageCursor;
  duplicate: boolean;
  seed: number;
}

export interface PageResult {
  records: string[];
  next: PageCursor | null;
}

const shuffledCache = new Lru<string, string[]>(2);

function shuffledAll(req: PageRequest): string[] {
  const all = req.days.flatMap((d) => {
    const list = req.dayRecords(d);
    return Array.from({ length: list.length }, (_, i) => list.at(i));
  });
  const key = `${req.ref.vehicleId}:${req.days[0] ?? ''}:${req.days[req.days.length - 1] ?? ''}:${all.length}`;
  const hit = shuffledCache.get(key);
  if (hit) return hit;
  const rng = new Rng(hashInts(req.seed, hashString(key), 0x5f1));
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(rng.next() * (i + 1));
    const t = all[i]!;
    all[i] = all[j]!;
    all[j] = t;
  }
  shuffledCache.set(key, all);
  return all;
}

export function nextPage(req: PageRequest): PageResult {
  if (req.order === 'shuffled') return shuffledPage(req);
  const desc = req.order === 'desc';
  const dayAt = (d: number): DayList => req.dayRecords(req.days[desc ? req.days.length - 1 - d : d]!);
  const recAt = (list: DayList, i: number): string | undefined =>
    i >= 0 && i < list.length ? list.at(desc ? list.length - 1 - i : i) : undefined;
  const out: string[] = [];
  const { cursor, limit } = req;
  if (req.duplicate && cursor.last && limit > 1) {
    const prev = recAt(dayAt(cursor.last[0]), cursor.last[1]);
    if (prev) out.push(prev);
  }
  let d = cursor.d;
  let i = cursor.i;
  let last: [number, number] | undefined;
  while (d < req.days.length && out.length < limit) {
    const list = dayAt(d);
    while (i < list.length && out.length < limit) {
      out.push(recAt(list, i)!);
      last = [d, i];
      i++;
    }
    if (i >= list.length) {
      d++;
      i = 0;
    }
  }
  // A token only when something is left, so the last page carries none.
  let more = false;
  for (let dd = d, ii = i; dd < req.days.length; dd++, ii = 0) {
    if (dayAt(dd).length > ii) {
      more = true;
      break;
    }
  }
  const served = cursor.o + out.length;
  return { records: out, next: more ? { d, i, o: served, ...(last ? { last } : {}) } : null };
}

function shuffledPage(req: PageRequest): PageResult {
  const all = shuffledAll(req);
  const { cursor, limit } = req;
  const out: string[] = [];
  if (req.duplicate && cursor.last && limit > 1) {
    const prev = all[cursor.last[1]];
    if (prev) out.push(prev);
  }
  let o = cursor.o;
  let last: [number, number] | undefined;
  while (o < all.length && out.length < limit) {
    out.push(all[o]!);
    last = [0, o];
    o++;
  }
  return { records: out, next: o < all.length ? { d: 0, i: 0, o, ...(last ? { last } : {}) } : null };
}
