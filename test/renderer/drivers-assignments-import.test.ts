import { describe, expect, it } from 'vitest';
import { importAssignments, MAX_IMPORT_BYTES } from '../../renderer/src/features/drivers/assignments-import.ts';
import { rosterNames } from '../../renderer/src/features/drivers/names.ts';
import type { DriverRow, VehicleRow } from '../../shared/domain/carrier.ts';

const driver = (driverId: string, username: string): DriverRow => ({
  driverId,
  username,
  firstName: 'F',
  lastName: username,
  active: true,
  hos: null,
});
const vehicle = (vehicleId: string, number: string): VehicleRow => ({
  vehicleId,
  number,
  vin: `VIN${vehicleId}`,
  active: true,
  latest: null,
});
const names = rosterNames(
  [driver('d1', 'jsmith'), driver('d2', 'bjones')],
  [vehicle('v1', 'T-101'), vehicle('v2', 'T-102')],
);
const file = (text: string) => new Blob([text]);
const ctx = { carrierId: 'c', zone: 'America/Chicago', names, kept: [], now: 7 };
const GOOD = 'driver,vehicle,from,to\r\njsmith,T-101,,\r\nbjones,T-102,2026-11-01T01:30,2026-11-02T00:00\r\n';

describe('an assignments file imported on the Fleet screen', () => {
  it("keeps every row, read in the carrier's home zone, and says how many", async () => {
    const r = await importAssignments(file(GOOD), ctx);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.text).toBe('Imported 2 assignments (0 unchanged)');
    expect(r.add.map((a) => [a.driverId, a.vehicleId, a.fromMs, a.toMs, a.source])).toEqual([
      ['d1', 'v1', null, null, 'import'],
      // 01:30 on the fall-back night is its first (CDT) instant.
      ['d2', 'v2', Date.UTC(2026, 10, 1, 6, 30), Date.UTC(2026, 10, 2, 6), 'import'],
    ]);
  });

  it('imported again, adds nothing and counts every row unchanged', async () => {
    const first = await importAssignments(file(GOOD), ctx);
    if (!first.ok) throw new Error(first.errors.join(' '));
    const again = await importAssignments(file(GOOD), { ...ctx, kept: first.add });
    expect(again).toEqual({ ok: true, add: [], text: 'Imported 0 assignments (2 unchanged)' });
  });

  it('refuses the whole file, naming each bad row, when one row is bad', async () => {
    const r = await importAssignments(file(`${GOOD}nobody,T-101,2026-11-03T00:00,\r\n`), ctx);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatch(/^Row 4: .*nobody/);
  });

  it('refuses a file over the bound before reading it', async () => {
    const huge = {
      size: MAX_IMPORT_BYTES + 1,
      text: () => Promise.reject(new Error('read although too large')),
    };
    const r = await importAssignments(huge, ctx);
    expect(r).toEqual({ ok: false, errors: ['The file is 2,097,153 bytes; at most 2 MB is read.'] });
  });

  it('refuses while no driver of the carrier is known, rather than calling every driver unknown', async () => {
    const r = await importAssignments(file(GOOD), { ...ctx, names: rosterNames([], []) });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0]).toContain('No drivers are known for this carrier yet');
  });
});
