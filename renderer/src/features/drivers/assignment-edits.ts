import { assignmentId, checkAssignment } from '../../../../shared/drivers/assignment-rules.ts';
import type { Assignment, AssignmentSuggestion } from '../../../../shared/drivers/types.ts';
import { addLocalDays, localDayOfMs, localDayStartMs } from '../../../../shared/time/local-day.ts';
import { msOfLocalInput } from './local-input.ts';

/**
 * The edits the screens make to a carrier's assignments, as pure functions: each gives the rows to add and
 * the ids to remove (one store transaction, store/assignments.ts) or the sentence why it is refused.
 */
export type Edit = { ok: true; add: Assignment[]; removeIds: string[] } | { ok: false; error: string };

export const regularId = (vehicleId: string): string => assignmentId(vehicleId, null);

/** What the dated-assignment form holds: `from`/`to` as the home zone's clock ("2026-03-08T14:05"; `to` '' = open-ended). */
export interface AssignmentForm {
  driverId: string;
  vehicleId: string;
  from: string;
  to: string;
}

export interface EditContext {
  carrierId: string;
  zone: string;
  kept: readonly Assignment[];
  now: number;
}

/** A dated assignment from the form, refused with checkAssignment's sentence when it clashes with a kept one. */
export function datedEdit(form: AssignmentForm, ctx: EditContext): Edit {
  if (form.driverId === '') return { ok: false, error: 'Choose a driver.' };
  if (form.vehicleId === '') return { ok: false, error: 'Choose a vehicle.' };
  const from = msOfLocalInput(form.from, ctx.zone, 'From');
  if (!from.ok) return from;
  let toMs: number | null = null;
  if (form.to.trim() !== '') {
    const to = msOfLocalInput(form.to, ctx.zone, 'To');
    if (!to.ok) return to;
    toMs = to.ms;
  }
  const id = assignmentId(form.vehicleId, from.ms);
  // checkAssignment reads a kept row with the same id as the one being edited; the form only adds.
  if (ctx.kept.some((a) => a.id === id))
    return { ok: false, error: 'This vehicle already has an assignment starting then; remove it first.' };
  return checked(
    {
      id,
      carrierId: ctx.carrierId,
      driverId: form.driverId,
      vehicleId: form.vehicleId,
      fromMs: from.ms,
      toMs,
      source: 'manual',
      createdAt: ctx.now,
    },
    ctx.kept,
    [],
  );
}

/** A vehicle's regular driver set (replacing the earlier one) or cleared (`driverId` ''). */
export function regularEdit(vehicleId: string, driverId: string, ctx: EditContext): Edit {
  const id = regularId(vehicleId);
  const removeIds = ctx.kept.some((a) => a.id === id) ? [id] : [];
  if (driverId === '') return { ok: true, add: [], removeIds };
  const others = ctx.kept.filter((a) => a.id !== id);
  const row: Assignment = {
    id,
    carrierId: ctx.carrierId,
    driverId,
    vehicleId,
    fromMs: null,
    toMs: null,
    source: 'manual',
    createdAt: ctx.now,
  };
  return checked(row, others, removeIds);
}

/**
 * An accepted suggestion: a dated assignment from the home-zone start of the first matching snapshot's day
 * to the end of the last one's day. Only ever made when the person accepts it.
 */
export function suggestionEdit(s: AssignmentSuggestion, ctx: EditContext): Edit {
  const fromMs = localDayStartMs(localDayOfMs(s.firstMs, ctx.zone), ctx.zone);
  const toMs = localDayStartMs(addLocalDays(localDayOfMs(s.lastMs, ctx.zone), 1), ctx.zone);
  const row: Assignment = {
    id: assignmentId(s.vehicleId, fromMs),
    carrierId: ctx.carrierId,
    driverId: s.driverId,
    vehicleId: s.vehicleId,
    fromMs,
    toMs,
    source: 'suggestion',
    createdAt: ctx.now,
  };
  return checked(row, ctx.kept, []);
}

function checked(row: Assignment, others: readonly Assignment[], removeIds: string[]): Edit {
  const refusal = checkAssignment(row, others);
  return refusal === null ? { ok: true, add: [row], removeIds } : { ok: false, error: refusal };
}

/** What an accepted import says: "Imported 3 assignments (1 unchanged)". */
export function importOutcomeText(added: number, unchanged: number): string {
  const n = `${added} assignment${added === 1 ? '' : 's'}`;
  return `Imported ${n} (${unchanged} unchanged)`;
}
