/**
 * The drivers core end to end on constructed stored readings: motion from day chunks feeding the suggestion
 * and the probable-conflict rules, where the truth (who drove which truck when) is known by construction.
 */
import { describe, expect, it } from 'vitest';
import type { MotionStatus } from '../../shared/api/wire.ts';
import { assignmentId } from '../../shared/drivers/assignment-rules.ts';
import { createAttributor } from '../../shared/drivers/attribution.ts';
import { probableHosConflicts } from '../../shared/drivers/hos-conflicts.ts';
import { motionFromChunks } from '../../shared/drivers/motion.ts';
import { suggestAssignments } from '../../shared/drivers/suggestions.ts';
import type { Assignment, DriverStatusSample } from '../../shared/drivers/types.ts';
import { buildDayChunk } from '../../shared/track/day-chunk.ts';
import type { Breadcrumb } from '../../shared/track/types.ts';

const MIN = 60_000;
const DAY = Date.UTC(2026, 4, 12);
const VEHICLES = ['v1', 'v2', 'v3'];

/** Readings every 30 s over [fromMin, toMin) minutes after 08:00 UTC, moving at 50 mph or parked. */
function readings(vehicleId: string, spans: [fromMin: number, toMin: number, moving: boolean][]): Breadcrumb[] {
  const out: Breadcrumb[] = [];
  for (const [from, to, moving] of spans) {
    for (let t = DAY + 8 * 60 * MIN + from * MIN; t < DAY + 8 * 60 * MIN + to * MIN; t += 30_000) {
      const status: MotionStatus = moving ? 'IN_MOTION' : 'STATIONARY';
      out.push({
        id: `${vehicleId}-${t}`,
        t,
        lat: 40,
        lng: -90,
        speed: moving ? 50 : 0,
        status,
        direction: NaN,
        location: '',
        vehicleNumber: vehicleId,
        vin: '',
      });
    }
  }
  return out;
}
const at = (minute: number) => DAY + 8 * 60 * MIN + minute * MIN;

// v1 drives all morning; v2 drives 0–60 and 120–240; v3 drives 60–180. Every truck reports all morning.
const chunks = new Map(
  (
    [
      ['v1', [[0, 240, true]]],
      [
        'v2',
        [
          [0, 60, true],
          [60, 120, false],
          [120, 240, true],
        ],
      ],
      [
        'v3',
        [
          [0, 60, false],
          [60, 180, true],
          [180, 240, false],
        ],
      ],
    ] as [string, [number, number, boolean][]][]
  ).map(([v, spans]) => [v, [buildDayChunk(v, '2026-05-12', readings(v, spans))]]),
);
const motion = motionFromChunks(chunks);

// Driver d1 is in v1 all morning, snapshots every 15 minutes (mid-quarter), the last with no drive time left.
const samples: DriverStatusSample[] = Array.from({ length: 16 }, (_, q) => ({
  driverId: 'd1',
  takenAt: at(q * 15 + 7),
  status: 'DS_D',
  driveMs: q === 15 ? 0 : 3_600_000,
  shiftMs: 5_000_000,
  cycleMs: 90_000_000,
  breakMs: 7_200_000,
}));

describe('the drivers core on stored readings', () => {
  it('suggests the truck the driver was in, once the others have each been parked at a snapshot', () => {
    expect(suggestAssignments({ carrierId: 'c1', samples, vehicleIds: VEHICLES, motion, assignments: [] })).toEqual([
      { carrierId: 'c1', driverId: 'd1', vehicleId: 'v1', matches: 16, firstMs: at(7), lastMs: at(232) },
    ]);
    // Before v2 has parked at one of the driver's snapshots, two trucks fit every one: nothing is offered.
    const early = samples.slice(0, 4);
    expect(
      suggestAssignments({ carrierId: 'c1', samples: early, vehicleIds: VEHICLES, motion, assignments: [] }),
    ).toEqual([]);
  });

  it('finds the probable conflict once the suggestion is accepted as an assignment, and none before', () => {
    const accepted: Assignment = {
      id: assignmentId('v1', at(7)),
      carrierId: 'c1',
      driverId: 'd1',
      vehicleId: 'v1',
      fromMs: at(7),
      toMs: null,
      source: 'suggestion',
      createdAt: 0,
    };
    const conflicts = (assignments: Assignment[]) =>
      probableHosConflicts({
        carrierId: 'c1',
        samples,
        attributor: createAttributor(assignments),
        motion,
        vehicleIds: VEHICLES,
      });
    expect(conflicts([])).toEqual([]);
    expect(conflicts([accepted])).toEqual([
      expect.objectContaining({ driverId: 'd1', vehicleId: 'v1', atMs: at(232), clocks: ['drive'] }),
    ]);
  });
});
