import { describe, expect, it } from 'vitest';
import { HOS_NEAR_MS, hosAlertText, hosAlerts } from '../../shared/domain/hos.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const plenty = { driveMs: 8 * HOUR, shiftMs: 10 * HOUR, cycleMs: 50 * HOUR, breakMs: 5 * HOUR };

describe('HOS limits reached or near', () => {
  it('flags nothing with 30 minutes or more left on every limit, or with no HOS activity', () => {
    expect(hosAlerts({ driveMs: 30 * MIN, shiftMs: 30 * MIN, cycleMs: 30 * MIN, breakMs: 30 * MIN })).toEqual([]);
    expect(hosAlerts(null)).toEqual([]);
    expect(hosAlerts({ driveMs: null, shiftMs: null, cycleMs: null, breakMs: null })).toEqual([]);
  });

  it('flags a cycle with 0:00 left as reached, and one minute under the threshold as near', () => {
    expect(hosAlerts({ ...plenty, cycleMs: 0 })).toEqual([{ limit: 'cycle', level: 'reached', leftMs: 0 }]);
    expect(hosAlerts({ ...plenty, cycleMs: HOS_NEAR_MS - MIN })).toEqual([
      { limit: 'cycle', level: 'near', leftMs: 29 * MIN },
    ]);
  });

  it('counts seconds left under a minute as reached (shown as 0:00), a whole minute as near', () => {
    expect(hosAlerts({ ...plenty, cycleMs: 56_000 })).toEqual([{ limit: 'cycle', level: 'reached', leftMs: 56_000 }]);
    expect(hosAlerts({ ...plenty, cycleMs: MIN - 1 })[0]?.level).toBe('reached');
    expect(hosAlerts({ ...plenty, cycleMs: MIN })[0]?.level).toBe('near');
  });

  it('lists every flagged limit, the most urgent first', () => {
    const alerts = hosAlerts({ driveMs: 20 * MIN, shiftMs: 0, cycleMs: 50 * HOUR, breakMs: 5 * MIN });
    expect(alerts.map((a) => `${a.limit}:${a.level}`)).toEqual(['shift:reached', 'break:near', 'drive:near']);
  });

  it('words each alert', () => {
    expect(hosAlertText({ limit: 'drive', level: 'reached', leftMs: 0 })).toBe('Drive limit reached');
    expect(hosAlertText({ limit: 'cycle', level: 'near', leftMs: 12 * MIN + 59_000 })).toBe('Cycle: 0:12 left');
    expect(hosAlertText({ limit: 'break', level: 'reached', leftMs: 0 })).toBe('Break due now');
    expect(hosAlertText({ limit: 'break', level: 'near', leftMs: 25 * MIN })).toBe('Break due in 0:25');
  });
});
