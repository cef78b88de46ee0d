/**
 * Wire types of the Fleet Telematics Data API v2, exactly as the spec
 * (`../shared/spec/fleet-telematics-api-v2.md`) names them. These describe what
 * travels over HTTP; nothing here is trusted until `shared/api/validate.ts`
 * (client side) has checked it.
 */

/** Spec 2.1: every response is wrapped in this envelope. */
export interface Envelope<T> {
  description: string;
  data: T | null;
  page?: number;
  size?: number;
  total_elements?: number;
  total_pages?: number;
  /** Location history only; absent on the last page. */
  next_page_token?: string;
  /** Present only on error responses. */
  status_code?: number;
}

/** Spec 2.2 */
export interface WireCompany {
  company_name: string;
  dot_number: string;
}

/** Spec 2.3 */
export interface WireDriver {
  driver_id: string;
  username: string;
  first_name: string;
  last_name: string;
  active: boolean;
}

/** Spec 2.4. HOS values are milliseconds; null for a driver with no HOS activity. */
export interface WireDriverStatus {
  driver_id: string;
  username: string;
  break: number | null;
  drive: number | null;
  shift: number | null;
  cycle: number | null;
  current_status: DutyStatusCode | null;
}

/** Spec 2.5 */
export interface WireVehicle {
  vehicle_id: string;
  number: string;
  vin: string;
  active: boolean;
}

/** Spec 2.6 */
export interface WireVehicleStatus {
  vehicle_id: string;
  number: string;
  /** miles, as a string */
  odometer: string;
  /** 0..100; 0 when the vehicle reports no fuel data */
  fuel_level: number;
  /** mph */
  speed: number;
  lat: string;
  lon: string;
  status: MotionStatus;
  /** ISO 8601 UTC */
  timestamp: string;
}

/** Spec 2.7: one breadcrumb. Numbers travel as strings. */
export interface WireLocationRecord {
  id: string;
  vehicle_number: string;
  vin: string;
  lat: string;
  lng: string;
  status: MotionStatus;
  /** mph */
  speed: string;
  /** ISO 8601 UTC */
  timestamp: string;
  calc_location: string;
  /** degrees, 0..360 */
  direction: string;
}

/** Spec 3.1 */
export const DUTY_STATUS_CODES = ['DS_D', 'DS_ON', 'DS_SB', 'DS_OFF', 'DR_IND_PC', 'DR_IND_YM'] as const;
export type DutyStatusCode = (typeof DUTY_STATUS_CODES)[number];

/** Spec 3.2 */
export const MOTION_STATUSES = ['IN_MOTION', 'STATIONARY', 'OFFLINE'] as const;
export type MotionStatus = (typeof MOTION_STATUSES)[number];

/** Spec 3.3: the vehicle list filter. */
export type VehicleStatusFilter = 'active' | 'inactive';

/** Spec 5 */
export const PROVIDER_KEY_HEADER = 'X-API-Provider-Key';
export const COMPANY_KEY_HEADER = 'X-API-Company-Key';
/** Spec 5.4: older Company Keys may carry this prefix; both forms are accepted. */
export const LEGACY_COMPANY_KEY_PREFIX = 'system-';

/** Spec 4: paths, relative to the base URL. */
export const API_PATHS = {
  companyInfo: '/v2/company-info',
  drivers: '/v2/drivers',
  driver: (driverId: string) => `/v2/driver/${encodeURIComponent(driverId)}`,
  latestDriverStatus: '/v2/latest-driver-status',
  vehicles: '/v2/vehicles',
  vehicle: (vehicleId: string) => `/v2/vehicle/${encodeURIComponent(vehicleId)}`,
  latestVehicleStatus: '/v2/latest-vehicle-status',
  vehicleLocationHistory: (vehicleId: string) => `/v2/vehicle-location-history/${encodeURIComponent(vehicleId)}`,
} as const;

/** Spec 8 */
export const API_LIMITS = {
  defaultLimit: 100,
  maxLimit: 1000,
  maxLimitLatestVehicleStatus: 200,
  historyWindowMonths: 6,
} as const;
