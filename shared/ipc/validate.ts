/**
 * Argument guards for every IPC channel. The main process and the browser
 * shell run these before any handler: whatever the page sends is untrusted.
 */
import { checkOverLimitPreferences, isAdjustableParams, OVER_LIMIT_PARAM_KEYS } from '../analysis/adjustable.ts';
import { DEFAULT_ANALYSIS_PARAMS, isSpeedingThreshold, resolveAnalysisParams } from '../analysis/params.ts';
import { isReviewMark } from '../inbox/trail.ts';
import { isTimeZone } from '../time/local-day.ts';
import { isUtcDay } from '../util/day.ts';
import { CONTROL_CHARS, labelProblem } from '../domain/label.ts';
import type { IpcArgs, IpcChannel, Preferences } from './contract.ts';
import { isDriverSnapshotMinutes, isReviewerNameInput } from '../domain/review-preferences.ts';
import { ROAD_IPC_LIMITS } from './roads-contract.ts';
import { auditDriversProblem } from './audit-drivers.ts';
import { ZONE_FILE_LIMITS } from '../roads/zones-parse.ts';

type Guard = (v: unknown) => boolean;
const MAX_KEY = 512;
const MAX_ID = 128;
const MAX_DAYS = 400;

export const isNonEmptyText =
  (max: number): Guard =>
  (v) =>
    typeof v === 'string' && v.trim().length > 0 && v.length <= max && !CONTROL_CHARS.test(v);

export const isLabel: Guard = (v) => labelProblem(v) === null;
export const isKey = isNonEmptyText(MAX_KEY);
/** Carrier ids are UUIDs or demo slugs; vehicle ids are UUIDs or legacy ids. */
export const isId: Guard = (v) =>
  typeof v === 'string' && /^[A-Za-z0-9][A-Za-z0-9_.:-]*$/.test(v) && v.length <= MAX_ID;
export const isBool: Guard = (v) => typeof v === 'boolean';
export const isSeq: Guard = (v) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
export const isDay: Guard = (v) => typeof v === 'string' && isUtcDay(v);

/** http(s) URL with a host, optional port and path; no credentials, no spaces. (No WHATWG URL here: shared/ has no DOM or Node lib.) */
const BASE_URL =
  /^https?:\/\/[A-Za-z0-9.-]+(?::\d{1,5})?(?:\/[^\s@]*)?$|^https?:\/\/\[[0-9A-Fa-f:.]+\](?::\d{1,5})?(?:\/[^\s@]*)?$/;
export const isBaseUrl: Guard = (v) => typeof v === 'string' && v.length <= 2048 && BASE_URL.test(v);
/**
 * An online basemap style URL: https, or http on loopback only; no credentials,
 * no spaces. The backend parses it again with the WHATWG URL parser.
 */
const STYLE_URL =
  /^(?:https:\/\/[A-Za-z0-9.-]+|https:\/\/\[[0-9A-Fa-f:.]+\]|http:\/\/(?:127\.0\.0\.1|localhost|\[::1\]))(?::\d{1,5})?(?:[/?#][^\s@\\]*)?$/;
export const isOnlineStyleUrl: Guard = (v) => typeof v === 'string' && v.length <= 2048 && STYLE_URL.test(v);
const isNullable =
  (g: Guard): Guard =>
  (v) =>
    v === null || g(v);

function isRecord(v: unknown, keys: readonly string[]): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const own = Object.keys(v);
  return own.length === keys.length && keys.every((k) => own.includes(k));
}

/** A carrier's home zone: an IANA zone Intl knows (at most 64 characters; not 'local'). */
export const isHomeZone: Guard = isTimeZone;

const isNewCarrier: Guard = (v) =>
  (isRecord(v, ['label', 'companyKey', 'baseUrl']) ||
    (isRecord(v, ['label', 'companyKey', 'baseUrl', 'homeZone']) && isHomeZone(v['homeZone']))) &&
  isLabel(v['label']) &&
  isKey(v['companyKey']) &&
  isNullable(isBaseUrl)(v['baseUrl']);

const isDownloadRequest: Guard = (v) =>
  isRecord(v, ['carrierId', 'vehicleId', 'from', 'to', 'completeDays']) &&
  isId(v['carrierId']) &&
  isId(v['vehicleId']) &&
  isDay(v['from']) &&
  isDay(v['to']) &&
  (v['from'] as string) <= (v['to'] as string) &&
  Array.isArray(v['completeDays']) &&
  v['completeDays'].length <= MAX_DAYS &&
  v['completeDays'].every(isDay);

const isZone: Guard = (v) =>
  typeof v === 'string' &&
  (v === 'local' || v === 'UTC' || /^[A-Za-z]+(?:[/_+-][A-Za-z0-9_+-]+)*$/.test(v)) &&
  v.length <= 64;
const isThreshold: Guard = isSpeedingThreshold;
const PREFERENCE_KEYS = [
  'speedingThresholdMph',
  'displayTimeZone',
  'analysis',
  'reviewerName',
  'driverSnapshotMinutes',
] as const satisfies readonly (keyof Preferences)[];
const isPreferencesPatch: Guard = (v) => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o);
  return (
    keys.length > 0 &&
    keys.every((k) => (PREFERENCE_KEYS as readonly string[]).includes(k)) &&
    (o['speedingThresholdMph'] === undefined || isThreshold(o['speedingThresholdMph'])) &&
    (o['displayTimeZone'] === undefined || isZone(o['displayTimeZone'])) &&
    (o['analysis'] === undefined || isAdjustableParams(o['analysis'])) &&
    (o['reviewerName'] === undefined || isReviewerNameInput(o['reviewerName'])) &&
    (o['driverSnapshotMinutes'] === undefined || isDriverSnapshotMinutes(o['driverSnapshotMinutes']))
  );
};
// eslint-disable-next-line no-control-regex -- control characters are what it refuses
const FILE_NAME_REFUSED = /[/\\\u0000-\u001f]/;
/** A file name the user will see in the save dialog: no folders, no control characters. */
const isFileName: Guard = (v) =>
  typeof v === 'string' && v.length > 0 && v.length <= 200 && !FILE_NAME_REFUSED.test(v) && v !== '.' && v !== '..';
const isFormat: Guard = (v) => v === 'csv' || v === 'gpx' || v === 'pdf';
/** One piece of an export; the renderer sends ~64 KB pieces. */
const isPiece: Guard = (v) => typeof v === 'string' && v.length <= 4 * 1024 * 1024;

/** A file name as the user chose it (an extract, a zones file): shown back, never used as a path. */
const isUserFileName: Guard = (v) =>
  typeof v === 'string' && v.trim().length > 0 && v.length <= ROAD_IPC_LIMITS.fileNameChars && !CONTROL_CHARS.test(v);
const isByteCount =
  (max: number): Guard =>
  (v) =>
    typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 && v <= max;
const isRoadPiece: Guard = (v) => v instanceof Uint8Array && v.length <= ROAD_IPC_LIMITS.pieceBytes;
const isZonesText: Guard = (v) => typeof v === 'string' && v.length <= ZONE_FILE_LIMITS.maxChars;

/** Bounds of the audit channels: a day's readings arrive in parts of at most `pointsPerCall` (about 1.2 MB on the HTTP bridge). */
export const AUDIT_LIMITS = Object.freeze({ pointsPerCall: 10_000, maxDays: 400, maxText: 256, maxMarks: 20_000 });

/** Every analysis parameter, each accepted by resolveAnalysisParams. */
const isAnalysisParams: Guard = (v) => {
  if (!isRecord(v, Object.keys(DEFAULT_ANALYSIS_PARAMS))) return false;
  if (!Object.values(v).every((x) => typeof x === 'number' && Number.isFinite(x))) return false;
  try {
    resolveAnalysisParams(v);
    return true;
  } catch {
    return false;
  }
};
const isCount = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
const isAuditDay: Guard = (v) =>
  isRecord(v, ['day', 'downloadedAt', 'complete', 'rejected']) &&
  isDay(v['day']) &&
  (v['downloadedAt'] === null ||
    (typeof v['downloadedAt'] === 'number' && Number.isFinite(v['downloadedAt']) && v['downloadedAt'] >= 0)) &&
  isBool(v['complete']) &&
  isCount(v['rejected']);
const AUDIT_REQUEST_FIELDS = ['carrierId', 'vehicleId', 'from', 'to', 'params', 'days'];
const AUDIT_REQUEST_OPTIONAL = ['reviewMarks', 'roadLimits', 'drivers'];
/** The vehicle's review marks, when it has any: each one of this vehicle. */
const isAuditMarks = (v: unknown, vehicleId: unknown) =>
  Array.isArray(v) && v.length <= AUDIT_LIMITS.maxMarks && v.every((m) => isReviewMark(m) && m.vehicleId === vehicleId);
/** The rule as the preferences keep it: both keys, each within the bounds the analysis takes. */
const isOverLimitRule: Guard = (v) => {
  if (!isRecord(v, OVER_LIMIT_PARAM_KEYS)) return false;
  // The checker fills a missing value with its default; here every value must be sent.
  if (!OVER_LIMIT_PARAM_KEYS.every((k) => typeof v[k] === 'number')) return false;
  try {
    checkOverLimitPreferences(v);
    return true;
  } catch {
    return false;
  }
};
/** The road limits the screen judged with: the kept index's and zones' ids (or null) and the rule. */
const isAuditRoadLimits: Guard = (v) =>
  isRecord(v, ['indexId', 'zonesId', 'overLimit']) &&
  isNullable(isId)(v['indexId']) &&
  isNullable(isId)(v['zonesId']) &&
  isOverLimitRule(v['overLimit']);
/** The request's own fields, each optional one only when present and valid. */
const hasAuditFields = (v: unknown): v is Record<string, unknown> => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const r = v as Record<string, unknown>;
  const optional = AUDIT_REQUEST_OPTIONAL.filter((k) => Object.hasOwn(r, k));
  return (
    isRecord(r, [...AUDIT_REQUEST_FIELDS, ...optional]) &&
    (!optional.includes('reviewMarks') || isAuditMarks(r['reviewMarks'], r['vehicleId'])) &&
    (!optional.includes('roadLimits') || isAuditRoadLimits(r['roadLimits'])) &&
    (!optional.includes('drivers') || auditDriversProblem(r['drivers'], r['carrierId']) === null)
  );
};
const isAuditRequest: Guard = (v) =>
  hasAuditFields(v) &&
  isId(v['carrierId']) &&
  isId(v['vehicleId']) &&
  isDay(v['from']) &&
  isDay(v['to']) &&
  (v['from'] as string) <= (v['to'] as string) &&
  isAnalysisParams(v['params']) &&
  Array.isArray(v['days']) &&
  v['days'].length <= AUDIT_LIMITS.maxDays &&
  v['days'].every(isAuditDay);
const isShortText = (v: unknown) => typeof v === 'string' && v.length <= AUDIT_LIMITS.maxText;
/** A DayChunk's shape (or a part of one): columns of one length, typed as stored. Its values are checked by the backend. */
const READINGS_CHUNK_FIELDS = [
  'vehicleId',
  'day',
  'vehicleNumber',
  'vin',
  'length',
  't',
  'lat',
  'lng',
  'speed',
  'direction',
  'status',
  'id',
  'location',
] as const;
/** Each reading's own number and VIN (DayChunk.identityAt), when the chunk has them: two text columns of the chunk's length. */
const isIdentities = (v: unknown, n: number) =>
  isRecord(v, ['vehicleNumber', 'vin']) &&
  [v['vehicleNumber'], v['vin']].every((c) => Array.isArray(c) && c.length === n && c.every(isShortText));
const isReadingsChunk: Guard = (v) => {
  if (!isRecord(v, READINGS_CHUNK_FIELDS) && !isRecord(v, [...READINGS_CHUNK_FIELDS, 'identityAt'])) return false;
  const n = v['length'];
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > AUDIT_LIMITS.pointsPerCall) return false;
  const column = (c: unknown) => c instanceof Float64Array && c.length === n;
  return (
    isId(v['vehicleId']) &&
    isDay(v['day']) &&
    isShortText(v['vehicleNumber']) &&
    isShortText(v['vin']) &&
    column(v['t']) &&
    column(v['lat']) &&
    column(v['lng']) &&
    column(v['speed']) &&
    column(v['direction']) &&
    v['status'] instanceof Uint8Array &&
    v['status'].length === n &&
    Array.isArray(v['id']) &&
    v['id'].length === n &&
    v['id'].every(isShortText) &&
    Array.isArray(v['location']) &&
    v['location'].length === n &&
    v['location'].every(isShortText) &&
    (!('identityAt' in v) || isIdentities(v['identityAt'], n))
  );
};

const tuple =
  (...guards: Guard[]) =>
  (args: readonly unknown[]) =>
    args.length === guards.length && guards.every((g, i) => g(args[i]));

export const ARG_GUARDS: { [C in IpcChannel]: (args: readonly unknown[]) => boolean } = {
  'app:getInfo': tuple(),
  'keys:getStatus': tuple(),
  'keys:setProviderKey': tuple(isKey, isNullable(isBaseUrl)),
  'keys:testAndSetProviderKey': tuple(isKey, isNullable(isBaseUrl)),
  'keys:deleteProviderKey': tuple(),
  'keys:setCompanyKey': tuple(isId, isKey),
  'keys:testAndSetCompanyKey': tuple(isId, isKey),
  'keys:deleteCompanyKey': tuple(isId),
  'carriers:list': tuple(),
  'carriers:add': tuple(isNewCarrier),
  'carriers:testAndAdd': tuple(isNewCarrier),
  'carriers:rename': tuple(isId, isLabel),
  'carriers:remove': tuple(isId),
  'carriers:testConnection': tuple(isId),
  'carriers:addDemo': tuple(),
  'carriers:setHomeZone': tuple(isId, isHomeZone),
  'fleet:vehicles': tuple(isId, isBool),
  'fleet:drivers': tuple(isId, isBool),
  'settings:getPreferences': tuple(),
  'settings:setPreferences': tuple(isPreferencesPatch),
  'settings:getReviewer': tuple(),
  'settings:setProviderBaseUrl': tuple(isNullable(isBaseUrl)),
  'settings:getOnlineStyle': tuple(),
  'settings:setOnlineStyle': tuple(isNullable(isOnlineStyleUrl)),
  'exports:begin': tuple(isFileName, isFormat),
  'exports:write': tuple(isId, isPiece),
  'exports:finish': tuple(isId),
  'exports:abort': tuple(isId),
  'exports:printToPdf': tuple(isFileName),
  'audit:begin': tuple(isAuditRequest),
  'audit:addReadings': tuple(isId, isReadingsChunk),
  'audit:finish': tuple(isId, isFileName),
  'audit:abort': tuple(isId),
  'downloads:start': tuple(isDownloadRequest),
  'downloads:poll': tuple(isId, isSeq),
  'downloads:cancel': tuple(isId),
  'roads:status': tuple(),
  'roads:read': tuple(isId, isByteCount(ROAD_IPC_LIMITS.extractBytes), isByteCount(ROAD_IPC_LIMITS.pieceBytes)),
  'roads:importBegin': tuple(isUserFileName, isByteCount(ROAD_IPC_LIMITS.extractBytes)),
  'roads:importWrite': tuple(isId, isRoadPiece),
  'roads:importFinish': tuple(isId),
  'roads:importPoll': tuple(isId),
  'roads:importCancel': tuple(isId),
  'roads:remove': tuple(),
  'zones:get': tuple(),
  'zones:set': tuple(isUserFileName, isNullable(isZonesText)),
};

export function validArgs<C extends IpcChannel>(channel: C, args: readonly unknown[]): args is IpcArgs<C> {
  return ARG_GUARDS[channel](args);
}

export function isChannel(v: unknown): v is IpcChannel {
  return typeof v === 'string' && Object.prototype.hasOwnProperty.call(ARG_GUARDS, v);
}
