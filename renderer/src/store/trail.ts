import { isReviewMark, storedMark, type ReviewMark } from '../../../shared/inbox/trail.ts';
import { getDb, type MarkRow, type RouteLensDb } from './db.ts';

/**
 * The review trail in IndexedDB: what the safety manager decided about each event (shared/inbox/trail.ts).
 * Writes run in the store worker (store/worker.ts) like every other; reads on the page.
 */

/**
 * Stores a mark; `replaces`: the key of the mark it supersedes (the event's earlier mark, matched by
 * overlap after a re-analysis moved the event), removed in the same transaction so one event never
 * carries two.
 */
export async function putMark(db: RouteLensDb, carrierId: string, mark: ReviewMark, replaces?: string): Promise<void> {
  if (!isReviewMark(mark)) throw new TypeError('Not a review mark: refused before it reached the store.');
  await db.transaction('rw', [db.marks], async () => {
    if (replaces !== undefined && replaces !== mark.key) await db.marks.delete([carrierId, replaces]);
    await db.marks.put({ ...mark, carrierId });
  });
}

export async function deleteMark(db: RouteLensDb, carrierId: string, key: string): Promise<void> {
  await db.marks.delete([carrierId, key]);
}

/**
 * A vehicle's marks; a row kept before reviewers were recorded reads with none (storedMark), a row that
 * is not a valid mark (a hand-edited or damaged store) is left out, not trusted.
 */
export async function marksOfVehicle(carrierId: string, vehicleId: string): Promise<ReviewMark[]> {
  const rows = await getDb().marks.where('[carrierId+vehicleId]').equals([carrierId, vehicleId]).toArray();
  return rows.map(markOfRow).filter((m): m is ReviewMark => m !== null);
}

function markOfRow(row: MarkRow): ReviewMark | null {
  const { carrierId: _carrier, ...mark } = row;
  return storedMark(mark);
}

/** Every mark of a carrier (the inbox: all its vehicles at once). */
export async function marksOfCarrier(carrierId: string): Promise<ReviewMark[]> {
  const rows = await getDb()
    .marks.where('[carrierId+key]')
    .between([carrierId, ''], [carrierId, '\uffff'], true, true)
    .toArray();
  return rows.map(markOfRow).filter((m): m is ReviewMark => m !== null);
}

/** Every mark of every carrier (the fleet-wide trail), each with its carrier. */
export async function marksOfFleet(): Promise<{ carrierId: string; mark: ReviewMark }[]> {
  const rows = await getDb().marks.toArray();
  return rows.flatMap((row) => {
    const mark = markOfRow(row);
    return mark ? [{ carrierId: row.carrierId, mark }] : [];
  });
}

/** Each kept vehicle roster's unit numbers, by `${carrierId}|${vehicleId}` (the trail names vehicles by them). */
export async function vehicleNumbersOfFleet(): Promise<Map<string, string>> {
  const rosters = await getDb().rosters.toArray();
  const out = new Map<string, string>();
  for (const r of rosters)
    if (r.kind === 'vehicles')
      for (const v of r.rows as { vehicleId: string; number: string }[])
        out.set(`${r.carrierId}|${v.vehicleId}`, v.number);
  return out;
}
