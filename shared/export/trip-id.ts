import { localDayOfMs } from '../time/local-day.ts';

/**
 * Short trip ids an auditor can quote: `T-101-2026-11-20-1` is vehicle T-101's
 * first trip that started on 2026-11-20 in `zone` (the carrier's home zone).
 * A trip belongs to the local day it starts in, also when it runs past
 * midnight. The ordinal counts the analysis' trips of that day in start order,
 * so the id is the same whenever the same days are analysed with the same
 * parameters (a re-analysis, the app and the CLI); a selection that starts in
 * the middle of a trip counts the part it holds as that day's trip.
 */
export function tripIds(trips: readonly { startMs: number }[], vehicleNumber: string, zone: string): string[] {
  const vehicle = vehicleNumber.trim() === '' ? 'vehicle' : vehicleNumber.trim();
  const perDay = new Map<string, number>();
  return trips.map((trip) => {
    const day = localDayOfMs(trip.startMs, zone);
    const n = (perDay.get(day) ?? 0) + 1;
    perDay.set(day, n);
    return `${vehicle}-${day}-${n}`;
  });
}
