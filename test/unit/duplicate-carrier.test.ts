import { describe, expect, it } from 'vitest';
import { refuseSecondCarrierOf, sameCompany } from '../../electron/node/backend/duplicate-carrier.ts';

const prairie = { company_name: 'Prairie Line Transport LLC', dot_number: '2841937' };

describe('one company, one carrier', () => {
  it('the same USDOT number is the same company, whatever the name says', () => {
    expect(sameCompany({ name: 'Prairie Line', dotNumber: ' 2841937 ' }, prairie)).toBe(true);
    expect(sameCompany({ name: 'Prairie Line Transport LLC', dotNumber: '2841938' }, prairie)).toBe(false);
    expect(sameCompany(undefined, prairie)).toBe(false);
  });

  it('without USDOT numbers the legal name decides (case and spaces aside)', () => {
    const noDot = { company_name: 'Acme Freight', dot_number: '' };
    expect(sameCompany({ name: ' acme freight ', dotNumber: '' }, noDot)).toBe(true);
    expect(sameCompany({ name: 'Other', dotNumber: '' }, noDot)).toBe(false);
    expect(sameCompany({ name: '', dotNumber: '' }, { company_name: '', dot_number: '' })).toBe(false);
  });

  it('refuses naming the carrier it duplicates, except the carrier whose key is being replaced', () => {
    const carriers = [
      { id: 'a', label: 'Prairie (demo)', demo: true, company: { name: 'Prairie', dotNumber: '2841937' } },
      { id: 'b', label: 'Other', company: { name: 'Other', dotNumber: '1' } },
    ];
    expect(() => refuseSecondCarrierOf(prairie, carriers)).toThrow(
      /already added as "Prairie \(demo\)".*remove the demo carrier "Prairie \(demo\)" first/,
    );
    expect(() => refuseSecondCarrierOf(prairie, carriers, 'a')).not.toThrow();
    expect(() => refuseSecondCarrierOf({ company_name: 'Other', dot_number: '1' }, carriers)).toThrow(
      /Replace key" on "Other"/,
    );
    expect(() => refuseSecondCarrierOf(null, carriers)).not.toThrow();
  });
});
