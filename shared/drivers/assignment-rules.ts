import { ASSIGNMENT_SOURCES, type Assignment } from './types.ts';

/** The one id form (types.ts): one regular driver per vehicle, one dated row per start. */
export function assignmentId(vehicleId: string, fromMs: number | null): string {
  return `${vehicleId}|${fromMs === null ? 'regular' : fromMs}`;
}

/** Longest id, username or name an assignment holds: the same bound as a cell of an assignments file. */
export const MAX_ASSIGNMENT_TEXT = 200;

/** Whether two dated assignments share an instant ([from, to), null to: open-ended). */
export function overlaps(a: Assignment, b: Assignment): boolean {
  if (a.fromMs === null || b.fromMs === null) return false;
  return a.fromMs < (b.toMs ?? Infinity) && b.fromMs < (a.toMs ?? Infinity);
}

/** Same driver, vehicle and times: what makes a re-imported row "unchanged". */
export function sameAssignment(a: Assignment, b: Assignment): boolean {
  return (
    a.carrierId === b.carrierId &&
    a.vehicleId === b.vehicleId &&
    a.driverId === b.driverId &&
    a.fromMs === b.fromMs &&
    a.toMs === b.toMs
  );
}

/**
 * Why a single assignment made in the app is refused, as a sentence; null when it may be kept. `others`
 * are the carrier's kept assignments: one with the same id is the one being replaced (an edit), and a
 * regular driver replaces the vehicle's regular driver (the same id).
 */
export function checkAssignment(a: Assignment, others: readonly Assignment[]): string | null {
  if (!isAssignment(a)) return 'This assignment is incomplete or malformed.';
  if (a.fromMs === null) return null;
  if (a.toMs !== null && a.toMs <= a.fromMs) return 'The assignment must end after it starts.';
  const clash = others.find(
    (o) => o.id !== a.id && o.carrierId === a.carrierId && o.vehicleId === a.vehicleId && overlaps(a, o),
  );
  if (clash) {
    return 'This vehicle already has a driver assigned for part of that time; end or remove that assignment first.';
  }
  return null;
}

const FIELDS = ['id', 'carrierId', 'driverId', 'vehicleId', 'fromMs', 'toMs', 'source', 'createdAt'] as const;

const isText = (v: unknown): v is string => typeof v === 'string' && v !== '' && v.length <= MAX_ASSIGNMENT_TEXT;
const isMs = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);

/** An assignment as kept or sent over IPC: exactly its fields, bounded strings, whole-ms times and its one id form. */
export function isAssignment(v: unknown): v is Assignment {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const keys = Object.keys(v);
  if (keys.length !== FIELDS.length || !FIELDS.every((f) => keys.includes(f))) return false;
  const a = v as Record<(typeof FIELDS)[number], unknown>;
  if (!isText(a.carrierId) || !isText(a.driverId) || !isText(a.vehicleId)) return false;
  if (!(a.fromMs === null || isMs(a.fromMs)) || !(a.toMs === null || isMs(a.toMs))) return false;
  if (a.fromMs === null ? a.toMs !== null : a.toMs !== null && a.toMs <= a.fromMs) return false;
  if (!(ASSIGNMENT_SOURCES as readonly unknown[]).includes(a.source) || !isMs(a.createdAt)) return false;
  return a.id === assignmentId(a.vehicleId, a.fromMs);
}
