import type { ComparisonFacts } from '../../../../shared/compare/compare.ts';
import { comparisonCsv } from '../../../../shared/compare/csv.ts';
import type { AppInfo, RouteLensApi } from '../../../../shared/ipc/contract.ts';

export type SaveOutcome = { kind: 'saved'; path: string; bytes: number } | { kind: 'downloaded'; name: string; bytes: number } | { kind: 'cancelled' };

export function compareBaseName(f: ComparisonFacts): string {
  return `routelens-compare-${f.range.from}-to-${f.range.to}`;
}

/** saveMode 'dialog': the backend's save dialog (a cancelled dialog saves nothing); 'download': a Blob download. */
export async function saveComparisonCsv(api: RouteLensApi, saveMode: AppInfo['saveMode'], facts: ComparisonFacts): Promise<SaveOutcome> {
  const name = `${compareBaseName(facts)}.csv`;
  const text = comparisonCsv(facts);
  const bytes = new TextEncoder().encode(text).byteLength;
  if (saveMode === 'dialog') {
    const target = await api.exports.begin(name, 'csv');
    if (!target) return { kind: 'cancelled' };
    try {
      await api.exports.write(target.exportId, text);
    } catch (err) {
      await api.exports.abort(target.exportId).catch(() => undefined);
      throw err;
    }
    const done = await api.exports.finish(target.exportId);
    return { kind: 'saved', path: done.path, bytes: done.bytes };
  }
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return { kind: 'downloaded', name, bytes };
}

/** The one-page report: the page itself under its print stylesheet (compare.css), saved as a PDF where the backend can print one, else through the print dialog. */
export async function printComparison(api: RouteLensApi, canPrintToPdf: boolean, facts: ComparisonFacts): Promise<SaveOutcome> {
  if (!canPrintToPdf) {
    window.print();
    return { kind: 'cancelled' };
  }
  const out = await api.exports.printToPdf(`${compareBaseName(facts)}.pdf`);
  return out ? { kind: 'saved', path: out.path, bytes: out.bytes } : { kind: 'cancelled' };
}
