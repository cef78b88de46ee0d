import type { UtcDay } from '../../../../shared/util/day.ts';
import { formatCount } from '../../downloads/format.ts';

const COLOURS = { complete: '#16a34a', partial: '#f59e0b', missing: '#e5e7eb' } as const;

/** One cell per day, oldest left; the title says what is stored so colour is never the only cue. */
export function DayStrip({ days, stored }: { days: UtcDay[]; stored: { day: UtcDay; state: 'complete' | 'partial'; points: number }[] }) {
  const byDay = new Map(stored.map((d) => [d.day, d]));
  return (
    <div data-testid="storage-strip" role="img" aria-label={`${stored.length} of ${days.length} days stored`} style={{ display: 'flex', gap: 1 }}>
      {days.map((day) => {
        const s = byDay.get(day);
        const state = s?.state ?? 'missing';
        const title = s ? `${day}: ${state}, ${formatCount(s.points)} points` : `${day}: not downloaded`;
        return <span key={day} data-testid="storage-day" data-day={day} data-state={state} title={title} style={{ width: 5, height: 16, background: COLOURS[state], display: 'inline-block' }} />;
      })}
    </div>
  );
}
