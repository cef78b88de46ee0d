import { hashString } from './hash.ts';
import type { WireLocationRecord } from '../../../shared/api/wire.ts';

/** Whether the fault knob `malformedEvery` corrupts the record with this id. */
export function isCorrupted(id: string, every: number): boolean {
  return every > 0 && hashString(id) % every === 0;
}

/**
 * The corrupted form of a record: the kind of damage is chosen by the id, so a
 * record is broken the same way every time. The id stays intact so clients can
 * still deduplicate. Only the fields a reading cannot do without are damaged
 * (time and position): a record whose speed, direction or status is missing or
 * unreadable is kept with that field unknown, so it is no corruption.
 */
export function corrupt(r: WireLocationRecord): Record<string, unknown> {
  const kind = (hashString(r.id) >>> 20) % 8;
  const bad: Record<string, unknown> = { ...r };
  switch (kind) {
    case 0:
      bad.lat = 'N/A';
      break;
    case 1:
      bad.lat = '123.456789';
      break;
    case 2:
      delete bad.lng;
      break;
    case 3:
      bad.lng = '-181.5';
      break;
    case 4:
      bad.lat = null;
      break;
    case 5:
      bad.timestamp = '2026-13-45T10:00:00Z';
      break;
    case 6:
      bad.timestamp = 'not-a-time';
      break;
    default:
      delete bad.timestamp;
  }
  return bad;
}
