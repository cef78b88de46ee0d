/**
 * The last connection test of a key: its result, why it failed, and when.
 * Kept in settings.json (so a restart still shows it) and shown as the key's
 * badge. It never holds the key, nor any text the API or the network sent:
 * only a reason code from the closed list below, an HTTP status and a time.
 */

export type KeyTestResult = 'ok' | 'failed' | 'untested';

/** Why a test failed ('ok' and 'untested' go with their results). Network reasons are those of api/errors.ts. */
export const KEY_TEST_REASONS = [
  'ok',
  'untested',
  'provider-key',
  'company-key',
  'missing-key',
  'refused',
  'bad-port',
  'unknown-host',
  'timeout',
  'tls',
  'network',
  'rate-limited',
  'server',
  'invalid-response',
  'other',
] as const;
export type KeyTestReason = (typeof KEY_TEST_REASONS)[number];

export interface KeyTest {
  result: KeyTestResult;
  reason: KeyTestReason;
  /** The HTTP status the API answered with, when it answered (401, 403, 503…); else null. */
  status: number | null;
  /** ISO 8601 UTC time of the test (or of the untested save). */
  at: string;
}

const FAILURE_WORDS: Readonly<Record<Exclude<KeyTestReason, 'ok' | 'untested'>, string>> = {
  'provider-key': 'Provider Key refused',
  'company-key': 'wrong Company Key',
  'missing-key': 'a key is missing or was entered for another address',
  refused: 'connection refused, check the base URL',
  'bad-port': 'blocked port, check the base URL',
  'unknown-host': 'unknown host, check the base URL',
  timeout: 'no answer (timeout)',
  tls: 'secure connection (TLS) failed',
  network: 'network error',
  'rate-limited': 'rate limited',
  server: 'server error',
  'invalid-response': 'not a Fleet Telematics v2 answer',
  other: 'unexpected error',
};

/** The badge's words without the time: "Tested OK", "Failed: wrong Company Key (401)", "Saved without a test". */
export function keyTestWords(test: KeyTest): string {
  if (test.result === 'ok') return 'Tested OK';
  if (test.result === 'untested') return 'Saved without a test';
  const words = FAILURE_WORDS[test.reason as keyof typeof FAILURE_WORDS] ?? FAILURE_WORDS.other;
  return `Failed: ${words}${test.status !== null ? ` (${test.status})` : ''}`;
}

const MAX_AT_LENGTH = 40;
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z$/;

function isReason(v: unknown): v is KeyTestReason {
  return typeof v === 'string' && (KEY_TEST_REASONS as readonly string[]).includes(v);
}

/**
 * A stored or received record, checked field by field and rebuilt (an extra
 * property is never carried on); null when anything is off, so a damaged
 * record costs only the badge, never the carrier or the file.
 */
export function parseKeyTest(value: unknown): KeyTest | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const r = value as Record<string, unknown>;
  const { result, reason, status, at } = r;
  if (result !== 'ok' && result !== 'failed' && result !== 'untested') return null;
  if (!isReason(reason)) return null;
  // The result and its reason agree: 'ok' only with 'ok', 'untested' only with 'untested', a failure with neither.
  if ((result === 'ok') !== (reason === 'ok') || (result === 'untested') !== (reason === 'untested')) return null;
  if (status !== null && !(typeof status === 'number' && Number.isInteger(status) && status >= 100 && status <= 599))
    return null;
  if (result !== 'failed' && status !== null) return null;
  if (typeof at !== 'string' || at.length > MAX_AT_LENGTH || !ISO_UTC.test(at) || Number.isNaN(Date.parse(at)))
    return null;
  return { result, reason, status, at };
}

/** As an optional field of a stored object: a damaged record costs only the badge (the key shows as not tested), never the carrier or the file. */
export function lastTestField(value: unknown): { lastTest?: KeyTest } {
  const test = parseKeyTest(value);
  return test ? { lastTest: test } : {};
}
