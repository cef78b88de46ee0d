import type { WireCompany } from '../../../shared/api/wire.ts';
import type { CarrierCompany } from '../../../shared/domain/carrier.ts';
import { UserFacingError } from './failure.ts';

/**
 * One company, one carrier (issue 31, item 9): a key whose company profile (GET company-info) is the one
 * of a carrier already added (a demo carrier and the real keys of the same fleet, or the same key twice)
 * would make Compare and the Safety inbox count that fleet twice. Refused, naming the carrier it duplicates
 * and the way on; the same company is the same USDOT number (its legal name when the API gives none).
 */
export function sameCompany(
  known: Pick<CarrierCompany, 'name' | 'dotNumber'> | undefined,
  company: WireCompany,
): boolean {
  if (!known) return false;
  const dot = company.dot_number.trim();
  if (dot !== '' || known.dotNumber.trim() !== '') return dot === known.dotNumber.trim();
  const name = company.company_name.trim().toLowerCase();
  return name !== '' && name === known.name.trim().toLowerCase();
}

interface KnownCarrier {
  id: string;
  label: string;
  demo?: boolean;
  company?: Pick<CarrierCompany, 'name' | 'dotNumber'>;
}

/** Throws the refusal when `company` is already a carrier's other than `except` (the carrier whose key is replaced). */
export function refuseSecondCarrierOf(
  company: WireCompany | null,
  carriers: readonly KnownCarrier[],
  except?: string,
): void {
  if (!company) return;
  const twin = carriers.find((c) => c.id !== except && sameCompany(c.company, company));
  if (!twin) return;
  const who = `${company.company_name.trim() || twin.company?.name || 'this company'}${company.dot_number.trim() ? ` (USDOT ${company.dot_number.trim()})` : ''}`;
  const way = twin.demo
    ? `remove the demo carrier "${twin.label}" first to use your own keys`
    : `use "Replace key" on "${twin.label}" instead`;
  throw new UserFacingError({
    kind: 'bad-request',
    message: `This Company Key belongs to ${who}, which is already added as "${twin.label}". Adding it twice would count its trucks twice in Compare and the Safety inbox: ${way}.`,
  });
}
