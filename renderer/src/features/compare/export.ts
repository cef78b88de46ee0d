import type { ComparisonFacts } from '../../../../shared/compare/compare.ts';
import { comparisonCsv } from '../../../../shared/compare/csv.ts';
import type { AppInfo, RouteLensApi } from '../../../../shared/ipc/contract.ts';
import { savePieces, type ExportOutcome } from '../../export/save.ts';

export function compareBaseName(f: ComparisonFacts): string {
  return `routelens-compare-${f.range.from}-to-${f.range.to}`;
}

/** The comparison as CSV, saved the way every export is (savePieces: the save dialog, or a download). */
export function saveComparisonCsv(
  api: RouteLensApi,
  saveMode: AppInfo['saveMode'],
  facts: ComparisonFacts,
): Promise<ExportOutcome> {
  return savePieces(api, saveMode, `${compareBaseName(facts)}.csv`, 'csv', [comparisonCsv(facts)]);
}

/** The one-page report: the page itself under its print stylesheet (compare.css), saved as a PDF where the backend can print one, else through the print dialog. */
export async function printComparison(
  api: RouteLensApi,
  canPrintToPdf: boolean,
  facts: ComparisonFacts,
): Promise<ExportOutcome> {
  if (!canPrintToPdf) {
    window.print();
    return { kind: 'cancelled' };
  }
  const out = await api.exports.printToPdf(`${compareBaseName(facts)}.pdf`);
  return out ? { kind: 'saved', path: out.path, bytes: out.bytes } : { kind: 'cancelled' };
}
