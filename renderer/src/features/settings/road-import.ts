/**
 * What the Settings page says about road limits, as pure functions: how a file is cut into pieces for
 * `roads:importWrite`, an import's progress in words, and the kept index in one line.
 */
import { ROAD_IPC_LIMITS, type RoadImportState, type RoadLimitsInfo } from '../../../../shared/ipc/roads-contract.ts';
import { formatBytes, formatCount } from '../../downloads/format.ts';

/** The file types the import offers (what roads:importBegin can build or read). */
export const ROAD_FILE_ACCEPT = '.osm.pbf,.pbf,.osm,.gz,.rlidx';
/** Largest zones file read in the page (shared/roads/zones-parse.ts ZONE_FILE_LIMITS.maxChars, as bytes). */
export const ZONE_FILE_MAX_BYTES = 5_000_000;

export interface PieceRange {
  start: number;
  end: number;
}

/** Consecutive ranges covering [0, size), each at most `pieceBytes` long. */
export function piecePlan(size: number, pieceBytes: number = ROAD_IPC_LIMITS.pieceBytes): PieceRange[] {
  if (!Number.isSafeInteger(size) || size < 0) throw new RangeError(`A file size must be a whole number, not ${size}.`);
  if (!Number.isSafeInteger(pieceBytes) || pieceBytes < 1) throw new RangeError('A piece holds at least one byte.');
  const out: PieceRange[] = [];
  for (let start = 0; start < size; start += pieceBytes) out.push({ start, end: Math.min(size, start + pieceBytes) });
  return out;
}

const percentOf = (fraction: number) => Math.max(0, Math.min(100, Math.floor(fraction * 100)));

/** Where a running import is: the bar's value (0..100) and its words. */
export function importProgress(state: RoadImportState): { percent: number; text: string } | null {
  if (state.phase === 'receiving') {
    const percent = percentOf(state.bytesTotal > 0 ? state.bytesReceived / state.bytesTotal : 1);
    return { percent, text: `Receiving the file ${percent}%` };
  }
  if (state.phase === 'building') {
    const percent = percentOf(state.fraction);
    const what = state.pass === 1 ? 'Reading ways (pass 1 of 2)' : 'Reading nodes (pass 2 of 2)';
    return { percent, text: `${what} ${percent}%` };
  }
  return null;
}

/** Each source's share of the ways, in whole percent ("—" when there are no ways). */
export function sourceShares(info: RoadLimitsInfo): { posted: string; default: string; none: string } {
  const share = (n: number) => (info.ways > 0 ? `${Math.round((n / info.ways) * 100)}%` : '—');
  return { posted: share(info.counts.posted), default: share(info.counts.default), none: share(info.counts.none) };
}

/** The kept index's facts as the page lists them, label then value. */
export function indexFacts(info: RoadLimitsInfo, timeZone?: string): [string, string][] {
  const shares = sourceShares(info);
  const date = new Date(info.importedAt).toLocaleString('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  });
  return [
    ['File', info.fileName],
    ['Origin', info.origin === 'demo' ? 'Demo roads (installed with the demo carriers)' : 'Imported by you'],
    ['Imported', date],
    ['Roads', formatCount(info.ways)],
    ['Limits', `${shares.posted} posted, ${shares.default} legal default, ${shares.none} none known`],
    ['Values refused', formatCount(info.counts.refused)],
    ['Size', formatBytes(info.bytes)],
  ];
}
