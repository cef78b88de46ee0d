import type { OverLimitPreferences } from '../../../../shared/analysis/adjustable.ts';
import type { AnalysisParams } from '../../../../shared/analysis/types.ts';
import type { AuditCounts } from '../../../../shared/audit/manifest.ts';
import type { AuditDayFact, AuditRoadLimits, RouteLensApi } from '../../../../shared/ipc/contract.ts';
import { localRangeInterval, utcDaysOverlapping, type LocalDay } from '../../../../shared/time/local-day.ts';
import { keptDriversData } from '../../export/kept-drivers.ts';
import { driversOfVehicle } from '../../../../shared/export/drivers-data.ts';
import { offerDownload } from '../../export/save.ts';
import { AUDIT_DRIVERS_LIMITS } from '../../../../shared/ipc/audit-drivers.ts';
import type { WorkerRoadsState } from '../../roads/worker-roads-of.ts';
import { getDb, vehicleDayRows } from '../../store/db.ts';
import { readDay } from '../../store/reads.ts';
import { marksOfVehicle } from '../../store/trail.ts';
import { AUDIT_LIMITS } from '../../../../shared/ipc/validate.ts';
import { auditParts } from './audit-parts.ts';

/**
 * The Review's "Audit bundle": the stored readings of the UTC days a range
 * of the carrier's home-zone days overlaps, sent to the backend's audit
 * session (audit:begin / addReadings / finish), which builds the zip with
 * the CLI's code and either saves it (save dialog, or the shell's save
 * folder) or hands it back for a download. Cancelling aborts the session.
 * It judges "over the limit" with the road limits the screen judged with.
 */

export interface AuditSelection {
  carrierId: string;
  vehicleId: string;
  from: LocalDay;
  to: LocalDay;
  /** The carrier's home zone as the renderer knows it; the backend's answer decides which UTC days are read. */
  zone: string;
  params: AnalysisParams;
  /** The road limits the screen judged with (auditRoadLimitsOf); absent: judged without them. */
  roadLimits?: AuditRoadLimits;
}

/**
 * What the bundle is to judge with: the kept limits the workers judge with, by id, and the rule of the
 * preferences (both null when none are kept, so a later import is noticed). Undefined when the kept limits
 * could not be read (the screen then judges without them) or are still loading.
 */
export function auditRoadLimitsOf(
  roads: WorkerRoadsState,
  rule: Readonly<OverLimitPreferences>,
): AuditRoadLimits | undefined {
  if (!roads.ready || roads.problem !== undefined) return undefined;
  return {
    indexId: roads.spec?.indexId ?? null,
    zonesId: roads.spec?.zonesId ?? null,
    overLimit: { overLimitToleranceMph: rule.overLimitToleranceMph, overLimitMinSeconds: rule.overLimitMinSeconds },
  };
}

export interface AuditProgress {
  stage: 'reading' | 'sending' | 'building';
  /** Readings sent so far and in all (known once the days are read). */
  sent: number;
  total: number;
}

export type AuditResult =
  | { kind: 'saved'; path: string; bytes: number; counts: AuditCounts }
  | { kind: 'downloaded'; name: string; bytes: number; counts: AuditCounts }
  | { kind: 'cancelled' }
  | { kind: 'empty' };

/** What the store knows of each UTC day: when it was downloaded, whether complete, records rejected. */
async function dayFacts(carrierId: string, vehicleId: string, days: readonly string[]): Promise<AuditDayFact[]> {
  if (days.length === 0) return [];
  const db = getDb();
  const [from, to] = [days[0]!, days[days.length - 1]!];
  const [coverage, rejections] = await Promise.all([
    vehicleDayRows(db.dayCoverage, carrierId, vehicleId, from, to),
    vehicleDayRows(db.dayRejections, carrierId, vehicleId, from, to),
  ]);

  const rejected = new Map(rejections.map((r) => [r.day, r.records.length]));
  return coverage.map((c) => ({
    day: c.day,
    downloadedAt: c.fetchedAt,
    complete: c.state === 'complete',
    rejected: rejected.get(c.day) ?? 0,
  }));
}

const cancelled = (signal?: AbortSignal) => signal?.aborted === true;

/** Makes one audit bundle; any failure or a cancel aborts the backend's session, so nothing is left open. */
export async function makeAuditBundle(
  bridge: RouteLensApi,
  s: AuditSelection,
  suggestedName: string,
  onProgress: (p: AuditProgress) => void,
  signal?: AbortSignal,
): Promise<AuditResult> {
  onProgress({ stage: 'reading', sent: 0, total: 0 });
  const facts = await dayFacts(s.carrierId, s.vehicleId, utcDaysOverlapping(localRangeInterval(s.from, s.to, s.zone)));
  if (facts.length === 0) return { kind: 'empty' };
  const [reviewMarks, kept] = await Promise.all([
    marksOfVehicle(s.carrierId, s.vehicleId),
    keptDriversData(s.carrierId),
  ]);
  // With assignments kept but none of this vehicle, its rows all say "unassigned": send an empty set of names.
  const drivers = kept && (driversOfVehicle(kept, s.vehicleId) ?? { assignments: [], names: [] });
  if (drivers && drivers.assignments.length > AUDIT_DRIVERS_LIMITS.maxAssignments)
    throw new Error(
      `This carrier has ${drivers.assignments.length.toLocaleString('en-US')} assignments kept; an audit bundle takes at most ${AUDIT_DRIVERS_LIMITS.maxAssignments.toLocaleString('en-US')}. Remove old ones first.`,
    );
  const begun = await bridge.audit.begin({
    carrierId: s.carrierId,
    vehicleId: s.vehicleId,
    from: s.from,
    to: s.to,
    params: s.params,
    days: facts,
    ...(s.roadLimits ? { roadLimits: s.roadLimits } : {}),
    // Who drove: the bundle's trips and events name the driver only when the carrier has assignments kept.
    ...(drivers ? { drivers } : {}),
    // The backend keeps those on the bundle's events (review_log.csv); the newest first when there are too many.
    // review_log.csv holds each event's decision in force: the earlier ones stay home (a bounded request).
    ...(reviewMarks.length > 0
      ? {
          reviewMarks: reviewMarks
            .sort((a, b) => b.reviewedAt - a.reviewedAt)
            .slice(0, AUDIT_LIMITS.maxMarks)
            .map((m) => ({ ...m, history: [] })),
        }
      : {}),
  });
  try {
    const stored = (await Promise.all(begun.utcDays.map((d) => readDay(s.carrierId, s.vehicleId, d)))).flatMap((d) =>
      d && d.chunk.length > 0 ? [d.chunk] : [],
    );
    const total = stored.reduce((n, c) => n + c.length, 0);
    if (total === 0) {
      await bridge.audit.abort(begun.auditId);
      return { kind: 'empty' };
    }
    let sent = 0;
    for (const chunk of stored) {
      for (const part of auditParts(chunk)) {
        if (cancelled(signal)) throw new DOMException('Audit bundle cancelled', 'AbortError');
        onProgress({ stage: 'sending', sent, total });
        await bridge.audit.addReadings(begun.auditId, part);
        sent += part.length;
      }
    }
    if (cancelled(signal)) throw new DOMException('Audit bundle cancelled', 'AbortError');
    onProgress({ stage: 'building', sent, total });
    const out = await bridge.audit.finish(begun.auditId, suggestedName);
    if (out.kind === 'saved') return out;
    if (out.kind === 'cancelled') return out;
    offerDownload(new Blob([out.zip as BlobPart], { type: 'application/zip' }), out.name);
    return { kind: 'downloaded', name: out.name, bytes: out.zip.byteLength, counts: out.counts };
  } catch (err) {
    await bridge.audit.abort(begun.auditId).catch(() => undefined);
    if (err instanceof DOMException && err.name === 'AbortError') return { kind: 'cancelled' };
    throw err;
  }
}
