import { useMemo } from 'react';
import type { ComparisonFacts } from '../../../../shared/compare/compare.ts';
import { withDriverFacts } from '../../../../shared/compare/driver-facts.ts';
import { useKeptDrivers } from '../inbox/use-inbox-drivers.ts';

/**
 * The comparison with each carrier's "drivers with events" joined from its assignments on the page: an
 * assignment imported or edited updates the table, its CSV and print without analysing again.
 */
export function useCompareDrivers(facts: ComparisonFacts | null): ComparisonFacts | null {
  const ids = useMemo(() => facts?.carriers.map((c) => c.carrierId) ?? [], [facts]);
  const kept = useKeptDrivers(ids);
  return useMemo(
    () => (facts && kept ? { ...facts, carriers: withDriverFacts(facts.carriers, kept) } : facts),
    [facts, kept],
  );
}
