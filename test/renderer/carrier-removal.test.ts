import { describe, expect, it } from 'vitest';
import { removalQuestion, storedOfCarrier } from '../../renderer/src/features/carriers/removal.ts';

describe('the question before a carrier is removed', () => {
  const stored = storedOfCarrier([
    { vehicleId: 'a', points: 1200 },
    { vehicleId: 'a', points: 800 },
    { vehicleId: 'b', points: 5 },
  ]);

  it('counts the stored vehicle-days, vehicles and readings', () => {
    expect(stored).toEqual({ days: 3, vehicles: 2, points: 2005 });
  });

  it('names the key, the days and what stays', () => {
    const q = removalQuestion({ label: 'Acme', demo: false }, stored);
    expect(q).toContain(
      'Remove Acme? This deletes its Company Key from the keychain, its 3 downloaded days (2 vehicles, 2,005 readings)',
    );
    expect(q).toContain('fleet snapshots, download jobs and inbox and Compare results');
    expect(q).toContain('Files you exported and audit bundles you saved stay');
  });

  it('a demo carrier has no key to delete; nothing stored is said as such', () => {
    const q = removalQuestion({ label: 'Demo', demo: true }, storedOfCarrier([]));
    expect(q).not.toContain('Company Key');
    expect(q).toContain('no downloaded days (none are stored)');
  });
});
