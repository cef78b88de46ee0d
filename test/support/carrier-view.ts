import type { CarrierView } from '../../shared/domain/carrier.ts';

/** A demo carrier as the renderer sees it (America/Chicago, never tested), with `overrides` on top. */
export function carrierView(overrides: Partial<CarrierView> = {}): CarrierView {
  return {
    id: 'demo-x',
    label: 'Night shift fleet',
    baseUrl: null,
    demo: true,
    hasCompanyKey: true,
    createdAt: '2026-11-01T00:00:00.000Z',
    company: null,
    companyKeyOrigins: [],
    homeZone: 'America/Chicago',
    homeZoneIsDefault: false,
    lastTest: null,
    ...overrides,
  };
}
