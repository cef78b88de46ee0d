/**
 * Hours of Service values arrive in milliseconds (spec 2.4 rule 1) and are
 * shown as h:mm, truncated (never round remaining drive time up).
 */
export function formatHoursMinutes(ms: number | null): string {
  if (ms === null) return '—';
  const totalMinutes = Math.floor(Math.max(0, ms) / 60_000);
  return `${Math.floor(totalMinutes / 60)}:${String(totalMinutes % 60).padStart(2, '0')}`;
}

/** A limit is "near" under 30 minutes: the least a dispatcher needs to route a driver to a place to stop. */
export const HOS_NEAR_MS = 30 * 60_000;

export type HosLimit = 'drive' | 'shift' | 'cycle' | 'break';

export interface HosAlert {
  limit: HosLimit;
  level: 'reached' | 'near';
  leftMs: number;
}

interface HosLeft {
  driveMs: number | null;
  shiftMs: number | null;
  cycleMs: number | null;
  breakMs: number | null;
}

const LIMITS: readonly [HosLimit, keyof HosLeft][] = [
  ['drive', 'driveMs'],
  ['shift', 'shiftMs'],
  ['cycle', 'cycleMs'],
  ['break', 'breakMs'],
];

/**
 * Under a minute left is "reached": h:mm shows it as 0:00, and no driver can use seconds (one rule for the
 * flags, the filters and Compare).
 */
export const HOS_REACHED_MS = 60_000;

/** Limits reached (under a minute left) or near (under 30 min left), most urgent first; none when values are null. */
export function hosAlerts(hos: HosLeft | null): HosAlert[] {
  if (!hos) return [];
  const alerts: HosAlert[] = [];
  for (const [limit, key] of LIMITS) {
    const left = hos[key];
    if (left === null || !Number.isFinite(left) || left >= HOS_NEAR_MS) continue;
    alerts.push({ limit, level: left < HOS_REACHED_MS ? 'reached' : 'near', leftMs: Math.max(0, left) });
  }
  return alerts.sort((a, b) => a.leftMs - b.leftMs);
}

const LIMIT_NAME: Readonly<Record<HosLimit, string>> = {
  drive: 'Drive',
  shift: 'Shift',
  cycle: 'Cycle',
  break: 'Break',
};

/** "Drive limit reached", "Cycle: 0:12 left", "Break due now", "Break due in 0:25". */
export function hosAlertText(a: HosAlert): string {
  if (a.limit === 'break')
    return a.level === 'reached' ? 'Break due now' : `Break due in ${formatHoursMinutes(a.leftMs)}`;
  return a.level === 'reached'
    ? `${LIMIT_NAME[a.limit]} limit reached`
    : `${LIMIT_NAME[a.limit]}: ${formatHoursMinutes(a.leftMs)} left`;
}
