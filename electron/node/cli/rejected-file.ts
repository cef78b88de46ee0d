import { rm, writeFile } from 'node:fs/promises';
import { reasonCounts } from '../../../shared/api/rejection-reasons.ts';
import { csvTextCell } from '../../../shared/export/csv-write.ts';
import { serverText } from '../api/server-text.ts';
import type { RejectedReading } from './selection.ts';

/**
 * What an export could not keep is never silent: each rejected record (its vehicle, day, id and
 * reason) goes to `FILE.rejected.csv` beside the output, and the CLI ends with one sentence and exit 3
 * unless `--allow-rejected` says the user accepts the export as it is.
 */
export const REJECTED_EXIT_CODE = 3;

export interface VehicleRejection extends RejectedReading {
  vehicleId: string;
}

/** The report's path for an output file. */
export const rejectedFileOf = (outFile: string): string => `${outFile}.rejected.csv`;

/** Printed text from a server: no control, format or bidi characters, and bounded. */
function printable(text: string, max = 120): string {
  const clean = serverText(text, [], max);
  return clean.length < text.length && clean.length === max ? `${clean}…` : clean;
}

/**
 * Writes the report (or removes a report left by an earlier run of the same file, which would speak
 * of records this export kept). Cells go through csvTextCell, so a server's text never runs as a formula.
 */
export async function writeRejectedFile(outFile: string, rejected: readonly VehicleRejection[]): Promise<void> {
  const file = rejectedFileOf(outFile);
  if (rejected.length === 0) return rm(file, { force: true });
  const rows = rejected.map((r) =>
    [r.vehicleId, r.day, r.id, printable(r.reason, 2000)].map((cell) => csvTextCell(cell)).join(','),
  );
  await writeFile(file, `vehicle_id,day,id,reason\r\n${rows.join('\r\n')}\r\n`);
}

/** One sentence: how many, the commonest reasons with their counts, where the list is, what to do. */
export function rejectedSentence(outFile: string, rejected: readonly VehicleRejection[]): string {
  const top = reasonCounts(rejected.map((r) => r.reason)).map(([kind, n]) => [printable(kind, 80), n] as const);
  const shown = top.slice(0, 3).map(([reason, n]) => `${n} × ${reason}`);
  if (top.length > 3) shown.push(`${top.length - 3} other reasons`);
  const n = rejected.length;
  return (
    `Completed, but ${n} record${n === 1 ? '' : 's'} could not be read (${shown.join('; ')}): ` +
    `${n === 1 ? 'it is' : 'they are'} listed in ${rejectedFileOf(outFile)}; ` +
    `pass --allow-rejected to accept the export without ${n === 1 ? 'it' : 'them'}.`
  );
}

/** Ends an export that wrote its file but left records out: exit 3 with rejectedSentence. */
export class RejectedRecordsError extends Error {
  override name = 'RejectedRecordsError';
}
