import { describe, expect, it } from 'vitest';
import { resolveZoneName, zoneNameNote, zoneOfUsName } from '../../shared/time/zone-names.ts';

describe('zoneOfUsName: common US zone names to IANA', () => {
  it.each([
    ['Eastern', 'America/New_York'],
    ['EST', 'America/New_York'],
    ['EDT', 'America/New_York'],
    ['ET', 'America/New_York'],
    ['Eastern Time', 'America/New_York'],
    ['US/Eastern', 'America/New_York'],
    ['Central', 'America/Chicago'],
    ['CST', 'America/Chicago'],
    ['CDT', 'America/Chicago'],
    ['CT', 'America/Chicago'],
    ['Mountain', 'America/Denver'],
    ['MST', 'America/Denver'],
    ['MDT', 'America/Denver'],
    ['MT', 'America/Denver'],
    ['Arizona', 'America/Phoenix'],
    ['Pacific', 'America/Los_Angeles'],
    ['PST', 'America/Los_Angeles'],
    ['PDT', 'America/Los_Angeles'],
    ['PT', 'America/Los_Angeles'],
    ['Alaska', 'America/Anchorage'],
    ['AKST', 'America/Anchorage'],
    ['Hawaii', 'Pacific/Honolulu'],
    ['HST', 'Pacific/Honolulu'],
  ])('%s → %s', (name, zone) => {
    expect(zoneOfUsName(name)).toBe(zone);
  });

  it('ignores case, surrounding and repeated spaces', () => {
    expect(zoneOfUsName('  eastern   TIME ')).toBe('America/New_York');
    expect(zoneOfUsName('pst')).toBe('America/Los_Angeles');
  });

  it('is null for IANA names, other places and near misses', () => {
    expect(zoneOfUsName('America/Chicago')).toBeNull();
    expect(zoneOfUsName('Europe/Berlin')).toBeNull();
    expect(zoneOfUsName('Easter')).toBeNull();
    expect(zoneOfUsName('')).toBeNull();
  });

  it('every zone it answers is one Intl knows', () => {
    for (const name of ['eastern', 'central', 'mountain', 'arizona', 'pacific', 'alaska', 'hawaii'])
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zoneOfUsName(name)! })).not.toThrow();
  });
});

describe('resolveZoneName and zoneNameNote', () => {
  it('passes anything else through trimmed, so the caller reports it', () => {
    expect(resolveZoneName(' Europe/Berlin ')).toBe('Europe/Berlin');
    expect(resolveZoneName('Mars/Olympus')).toBe('Mars/Olympus');
    expect(resolveZoneName('Eastern')).toBe('America/New_York');
  });

  it('says which zone a name maps to, as typed', () => {
    expect(zoneNameNote(' Eastern ')).toBe('Eastern → America/New_York');
    expect(zoneNameNote('America/Chicago')).toBeNull();
  });
});
