/**
 * The carriers file of `routelens lake sync`: a CSV with the header
 * `name,home_zone,company_key`, one carrier a row. `company_key` says where the
 * key is kept, never the key itself. Parsed whole before anything is fetched;
 * every problem is one sentence naming the row (the header is row 1).
 */
import { parseCsv } from '../export/csv.ts';
import { CONTROL_CHARS, labelProblem } from '../domain/label.ts';
import { canonicalZone, isTimeZone } from '../time/local-day.ts';

export const CARRIERS_HEADER = ['name', 'home_zone', 'company_key'] as const;
/** A platform's carriers run to hundreds; a file far larger than that is a mistake, not a list. */
export const MAX_CARRIERS_FILE_BYTES = 256 * 1024;
export const MAX_CARRIERS = 2000;
const MAX_REFERENCE_LENGTH = 1024;

/** One table of the places a Company Key may be kept, from which the parser's words derive. */
export const KEY_SOURCES = {
  env: 'an environment variable',
  keychain: 'the OS keychain entry RouteLens keeps for a carrier id',
  file: 'a file readable by its owner only',
} as const;
export type KeySource = keyof typeof KEY_SOURCES;

export interface KeyReference {
  source: KeySource;
  /** The variable, keychain carrier id or path: never a key. */
  name: string;
}

export interface CarrierRow {
  /** Row in the file, for messages (header = 1). */
  row: number;
  name: string;
  homeZone: string;
  key: KeyReference;
}

export class CarriersFileError extends Error {
  override name = 'CarriersFileError';
}

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;
const CARRIER_ID = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

export function parseKeyReference(text: string, row: number): KeyReference {
  const colon = text.indexOf(':');
  const source = colon > 0 ? text.slice(0, colon) : '';
  const name = colon > 0 ? text.slice(colon + 1) : '';
  const sources = Object.keys(KEY_SOURCES)
    .map((s) => `${s}:`)
    .join(', ');
  if (!(source in KEY_SOURCES))
    throw new CarriersFileError(
      `Row ${row}: company_key must say where the key is kept (${sources}), not hold the key itself.`,
    );
  if (name.length === 0 || name.length > MAX_REFERENCE_LENGTH)
    throw new CarriersFileError(
      `Row ${row}: company_key "${source}:" names nothing (or more than ${MAX_REFERENCE_LENGTH} characters).`,
    );
  if (source === 'env' && !ENV_NAME.test(name))
    throw new CarriersFileError(`Row ${row}: "${name.slice(0, 64)}" is not an environment variable name.`);
  if (source === 'keychain' && !CARRIER_ID.test(name))
    throw new CarriersFileError(
      `Row ${row}: keychain entries are named by a lower-case carrier id (a-z, 0-9, inner hyphens).`,
    );
  if (source === 'file' && CONTROL_CHARS.test(name))
    throw new CarriersFileError(`Row ${row}: the key file's path contains a control character.`);
  return { source: source as KeySource, name };
}

export function parseCarriersFile(text: string): CarrierRow[] {
  if (text.length > MAX_CARRIERS_FILE_BYTES)
    throw new CarriersFileError(`The carriers file is larger than ${MAX_CARRIERS_FILE_BYTES / 1024} KB.`);
  let rows: string[][];
  try {
    rows = parseCsv(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    throw new CarriersFileError(`The carriers file is not valid CSV: ${(err as Error).message.replace(/^CSV: /, '')}.`);
  }
  const header = (rows[0] ?? []).map((h) => h.trim().toLowerCase());
  if (header.join(',') !== CARRIERS_HEADER.join(','))
    throw new CarriersFileError(`The carriers file must start with the header "${CARRIERS_HEADER.join(',')}".`);
  const body = rows.slice(1);
  if (body.length > MAX_CARRIERS)
    throw new CarriersFileError(
      `The carriers file lists ${body.length} carriers; at most ${MAX_CARRIERS} are allowed.`,
    );
  const carriers: CarrierRow[] = [];
  const names = new Set<string>();
  for (const [i, cells] of body.entries()) {
    const row = i + 2;
    if (cells.length === 1 && cells[0]!.trim() === '') continue;
    carriers.push(parseRow(cells, row, names));
  }
  if (carriers.length === 0) throw new CarriersFileError('The carriers file lists no carriers.');
  return carriers;
}

function parseRow(cells: string[], row: number, names: Set<string>): CarrierRow {
  if (cells.length !== CARRIERS_HEADER.length)
    throw new CarriersFileError(
      `Row ${row} has ${cells.length} cells; expected ${CARRIERS_HEADER.length} (${CARRIERS_HEADER.join(',')}).`,
    );
  const [rawName, rawZone, rawKey] = cells.map((c) => c.trim()) as [string, string, string];
  const problem = labelProblem(rawName);
  if (problem !== null) throw new CarriersFileError(`Row ${row}: the name ${problem}.`);
  if (names.has(rawName.toLowerCase()))
    throw new CarriersFileError(`Row ${row}: carrier "${rawName}" is listed twice.`);
  names.add(rawName.toLowerCase());
  if (!isTimeZone(rawZone))
    throw new CarriersFileError(
      `Row ${row}: home_zone "${String(rawZone).slice(0, 64)}" is not an IANA time zone (e.g. America/Chicago).`,
    );
  return { row, name: rawName, homeZone: canonicalZone(rawZone), key: parseKeyReference(rawKey, row) };
}
