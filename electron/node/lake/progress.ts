/**
 * The whole run's progress on stderr, one line at most once a second
 * (carriers, vehicles, days, records, rate, ETA), and a last line at the end.
 */
export interface LakeProgress {
  carriersDone: number;
  carriers: number;
  vehiclesDone: number;
  vehicles: number;
  daysDone: number;
  days: number;
  records: number;
  requests: number;
}

export function newProgress(): LakeProgress {
  return { carriersDone: 0, carriers: 0, vehiclesDone: 0, vehicles: 0, daysDone: 0, days: 0, records: 0, requests: 0 };
}

const count = new Intl.NumberFormat('en-US');

export function progressLine(p: LakeProgress, elapsedMs: number): string {
  const seconds = Math.max(elapsedMs / 1000, 0.001);
  const rate = p.records / seconds;
  const daysLeft = p.days - p.daysDone;
  const eta = p.daysDone > 0 && daysLeft > 0 ? `, ETA ${Math.ceil((daysLeft * seconds) / p.daysDone)} s` : '';
  return (
    `lake: carriers ${p.carriersDone}/${p.carriers}, vehicles ${p.vehiclesDone}/${p.vehicles}, ` +
    `days ${p.daysDone}/${p.days}, records ${count.format(p.records)} (${count.format(Math.round(rate))}/s), ` +
    `requests ${count.format(p.requests)}${eta}`
  );
}

export function progressReporter(p: LakeProgress, write: (line: string) => void, everyMs = 1000) {
  const started = Date.now();
  let last = 0;
  return {
    tick(): void {
      const now = Date.now();
      if (now - last < everyMs) return;
      last = now;
      write(progressLine(p, now - started));
    },
    done(): void {
      write(progressLine(p, Date.now() - started));
    },
    elapsedMs: (): number => Date.now() - started,
  };
}
