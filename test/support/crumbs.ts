import type { Breadcrumb } from '../../shared/track/types.ts';

/** One moving reading of truck T-1 on 2026-05-01, `sec` seconds after 13:00:00 UTC, at `location`. */
export function crumbAt(id: string, sec: number, location: string, extra: Partial<Breadcrumb> = {}): Breadcrumb {
  return {
    id,
    t: Date.UTC(2026, 4, 1, 13, 0, sec),
    lat: 40.5,
    lng: -97.1,
    speed: 12,
    status: 'IN_MOTION',
    direction: 90,
    vehicleNumber: 'T-1',
    vin: 'VIN1',
    location,
    ...extra,
  };
}
