import { MotionCode } from '../domain/status.ts';
import type { DayChunk } from '../track/types.ts';

/**
 * What the report's "Readings" line adds about readings whose record lacked something (kept as unknown,
 * docs/analysis.md) or named another vehicle than the report's: "" when there is none, so a clean track
 * reads as before.
 */
export function unknownsNote(chunks: readonly DayChunk[], vehicle: { vehicleNumber: string; vin: string }): string {
  let speed = 0;
  let status = 0;
  let other = 0;
  for (const c of chunks) {
    const own = c.identityAt;
    for (let i = 0; i < c.length; i++) {
      if (Number.isNaN(c.speed[i]!)) speed++;
      if (c.status[i] === MotionCode.UNKNOWN) status++;
      const number = own?.vehicleNumber[i] ?? c.vehicleNumber;
      const vin = own?.vin[i] ?? c.vin;
      if (number !== vehicle.vehicleNumber || vin !== vehicle.vin) other++;
    }
  }
  const parts = [
    speed > 0 ? `${speed} without a speed` : '',
    status > 0 ? `${status} without a motion status` : '',
    other > 0 ? `${other} naming another vehicle number or VIN, as breadcrumbs.csv shows` : '',
  ].filter(Boolean);
  return parts.length > 0 ? `; ${parts.join(', ')}` : '';
}
