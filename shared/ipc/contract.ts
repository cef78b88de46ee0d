// Over 300 lines: the one table of every IPC channel, its arguments and result, kept whole on purpose.
/**
 * The one typed IPC contract both sides import. Each entry names a channel and
 * the argument tuple and result of its handler. The preload exposes one named
 * function per entry (never a generic invoke), the main process and the
 * browser shell register one validated handler per entry
 * (`shared/ipc/validate.ts` holds the argument guards), and the renderer's
 * `window.routelens` type is derived from this table.
 */
import type {
  CarrierView,
  ConnectionTest,
  DownloadRequest,
  DriverRow,
  Failure,
  FleetSnapshot,
  KeyEntry,
  KeysStatus,
  VehicleRow,
} from '../domain/carrier.ts';
import type { AdjustableAnalysisParams, OverLimitPreferences } from '../analysis/adjustable.ts';
import type { AnalysisParams } from '../analysis/types.ts';
import type { AuditCounts } from '../audit/manifest.ts';
import type { DriversData } from '../export/drivers-data.ts';
import type { ReviewMark } from '../inbox/trail.ts';
import type { LocalDay } from '../time/local-day.ts';
import type { DayChunk } from '../track/types.ts';
import type { RoadImportState, RoadLimitsInfo, SpeedZonesInfo } from './roads-contract.ts';
import type { UtcDay } from '../util/day.ts';

export interface AppInfo {
  name: string;
  version: string;
  platform: string;
  /** 'electron' or 'browser-shell' */
  shell: 'electron' | 'browser-shell';
  /**
   * How exports are saved, said by the backend rather than inferred from the
   * shell: 'dialog' streams them through `exports:*` to a path a save dialog
   * chose (Electron; the browser shell given ROUTELENS_SAVE_DIR), 'download'
   * makes them a browser download.
   */
  saveMode: 'dialog' | 'download';
  /** The backend can save the window as a PDF (Electron's printToPDF); otherwise the report goes to the print dialog. */
  canPrintToPdf: boolean;
  /** The backend can print an audit report (Electron's printToPDF, or a Chromium for the browser shell), so `audit:*` can make bundles. */
  canMakeAuditBundle: boolean;
  /** Today's UTC day in the main process (the simulator may pin a clock). */
  today: UtcDay;
  /**
   * The main process's clock when it answered, epoch ms (the simulator may pin it). The renderer keeps its
   * difference from the window's clock from the start, so what it asks "the last n days" of is the backend's.
   */
  now: number;
}

export interface NewCarrier {
  label: string;
  companyKey: string;
  baseUrl: string | null;
  /** IANA zone of the carrier's home terminal; absent: this computer's zone. */
  homeZone?: string;
}

/** User preferences kept in settings.json (shared by every screen). */
export interface Preferences {
  speedingThresholdMph: number;
  /** 'home' (the carrier's home zone, the default), 'local' (the OS zone), 'UTC', or an IANA zone name such as 'America/Chicago'. */
  displayTimeZone: string;
  /** Trip review's analysis parameters (all of them: a patch replaces the whole object). */
  analysis: AdjustableAnalysisParams;
  /** The name the review trail records ('' = the computer's user name: settings:getReviewer says which). */
  reviewerName: string;
  /** Minutes between the app's regular snapshots of each carrier's driver statuses (5 to 240). */
  driverSnapshotMinutes: number;
}

/** Who the review trail names: the preference, or the computer's user name when none is set. */
export interface ReviewerIdentity {
  name: string;
  /** True when `name` is the computer's user name (no reviewer name set in Settings). */
  fromComputer: boolean;
}

/** The online basemap the user opted into, and the origins the CSP allows for it (null: none, strict CSP). */
export interface OnlineStyleChoice {
  styleUrl: string;
  origins: string[];
}

export type ExportFormat = 'csv' | 'gpx' | 'pdf';

export interface DownloadProgress {
  daysTotal: number;
  daysDone: number;
  records: number;
  requests: number;
  retries: number;
  rejected: number;
}

export interface RejectedRecord {
  reason: string;
  id?: string;
}

export type DownloadEvent =
  | { seq: number; type: 'day'; chunk: DayChunk; complete: boolean; rejected: RejectedRecord[] }
  | { seq: number; type: 'progress'; progress: DownloadProgress }
  | { seq: number; type: 'done'; progress: DownloadProgress }
  | { seq: number; type: 'failed'; failure: Failure; progress: DownloadProgress };

export interface DownloadPoll {
  events: DownloadEvent[];
  /** True once the last event ('done' or 'failed') has been handed out. */
  finished: boolean;
}

/** One stored UTC day of an audit's range: when it was downloaded (store coverage), whether it was complete, records rejected. */
export interface AuditDayFact {
  day: UtcDay;
  /** epoch ms; null when not known. */
  downloadedAt: number | null;
  complete: boolean;
  rejected: number;
}

/**
 * An audit bundle of one vehicle and a range of the carrier's home-zone days
 * (CarrierView.homeZone). The backend fills the carrier's legal name, USDOT,
 * zone and API address itself; the renderer sends the stored readings.
 */
export interface AuditRequest {
  carrierId: string;
  vehicleId: string;
  /** Days of the carrier's home zone, inclusive. */
  from: LocalDay;
  to: LocalDay;
  /** The analysis parameters in force (the Review's limit and settings). */
  params: AnalysisParams;
  /** The stored UTC days the range overlaps (at most those audit:begin lists). */
  days: AuditDayFact[];
  /** The vehicle's review marks (IndexedDB); those on the range's events become review_log.csv. */
  reviewMarks?: ReviewMark[];
  /**
   * The road limits the screen judged with (the kept index and zones by id, the over-the-limit rule of the
   * preferences): the bundle judges with the same, and is refused when the kept ones changed since.
   * Absent: no "over the limit" events (the screen could not read the kept limits).
   */
  roadLimits?: AuditRoadLimits;
  /**
   * Who drove: the carrier's kept assignments and the roster's driver names, sent when it has at least one
   * assignment (checked and bounded: shared/ipc/audit-drivers.ts). The trips and events CSVs then carry the
   * driver columns and the report names each trip's and event's driver; absent: no driver anywhere.
   */
  drivers?: DriversData;
}

/** What an audit is judged with beside its params: ids of the kept road limits (null: none kept) and the rule. */
export interface AuditRoadLimits {
  indexId: string | null;
  zonesId: string | null;
  overLimit: OverLimitPreferences;
}

export type AuditOutcome =
  | { kind: 'saved'; path: string; bytes: number; counts: AuditCounts }
  /** No save dialog (the browser shell's downloads): the zip itself, for a Blob download named `name`. */
  | { kind: 'download'; name: string; zip: Uint8Array; counts: AuditCounts }
  | { kind: 'cancelled' };

/** Channel name → argument tuple and result. */
export interface IpcContract {
  'app:getInfo': { args: []; result: AppInfo };

  'keys:getStatus': { args: []; result: KeysStatus };
  /** Saves the Provider Key without a test (the user's explicit "Save anyway"), recorded as untested. */
  'keys:setProviderKey': { args: [key: string, baseUrl: string | null]; result: KeysStatus };
  /** Tests the Provider Key against the API at that address, and saves it (with the base URL) only when it passed. */
  'keys:testAndSetProviderKey': { args: [key: string, baseUrl: string | null]; result: KeyEntry<KeysStatus> };
  'keys:deleteProviderKey': { args: []; result: KeysStatus };
  /** Saves a Company Key without a test ("Save anyway"), recorded as untested. */
  'keys:setCompanyKey': { args: [carrierId: string, key: string]; result: CarrierView };
  /** Tests the Company Key with the stored Provider Key, and saves it only when it passed. */
  'keys:testAndSetCompanyKey': { args: [carrierId: string, key: string]; result: KeyEntry<CarrierView> };
  'keys:deleteCompanyKey': { args: [carrierId: string]; result: CarrierView };

  'carriers:list': { args: []; result: CarrierView[] };
  /** Adds a carrier and its Company Key without a test ("Save anyway"), recorded as untested. */
  'carriers:add': { args: [carrier: NewCarrier]; result: CarrierView };
  /** Tests the new carrier's Company Key first, and adds the carrier only when it passed. */
  'carriers:testAndAdd': { args: [carrier: NewCarrier]; result: KeyEntry<CarrierView> };
  'carriers:rename': { args: [carrierId: string, label: string]; result: CarrierView };
  'carriers:remove': { args: [carrierId: string]; result: CarrierView[] };
  'carriers:testConnection': { args: [carrierId: string]; result: ConnectionTest };
  'carriers:addDemo': { args: []; result: CarrierView[] };
  /** Sets the carrier's home zone (an IANA name Intl knows, stored in its canonical spelling). */
  'carriers:setHomeZone': { args: [carrierId: string, zone: string]; result: CarrierView };

  'fleet:vehicles': { args: [carrierId: string, force: boolean]; result: FleetSnapshot<VehicleRow> };
  'fleet:drivers': { args: [carrierId: string, force: boolean]; result: FleetSnapshot<DriverRow> };

  'settings:getPreferences': { args: []; result: Preferences };
  'settings:setPreferences': { args: [patch: Partial<Preferences>]; result: Preferences };
  /** The reviewer the trail names now: the preference, else the backend's OS user name (the renderer never guesses). */
  'settings:getReviewer': { args: []; result: ReviewerIdentity };
  'settings:setProviderBaseUrl': { args: [baseUrl: string | null]; result: KeysStatus };
  'settings:getOnlineStyle': { args: []; result: OnlineStyleChoice | null };
  /**
   * Opts into an online basemap style (the backend fetches it to learn which
   * origins it needs) or, with null, out again. The CSP changes from the next
   * page load: the renderer reloads after a change.
   */
  'settings:setOnlineStyle': { args: [styleUrl: string | null]; result: OnlineStyleChoice | null };

  /**
   * Saving exports through a save dialog (AppInfo.saveMode 'dialog'): `begin`
   * answers null when the user cancels the dialog (and always when there is
   * no dialog, where the renderer downloads a Blob instead). Pieces are
   * appended in order; `finish` renames the temp file into place. A write or
   * finish that fails closes the export and removes its temp file.
   */
  'exports:begin': {
    args: [suggestedName: string, format: ExportFormat];
    result: { exportId: string; path: string } | null;
  };
  'exports:write': { args: [exportId: string, piece: string]; result: void };
  'exports:finish': { args: [exportId: string]; result: { path: string; bytes: number } };
  'exports:abort': { args: [exportId: string]; result: void };
  /** Prints the app window to PDF (Electron's printToPDF) into a file the user picks; null when cancelled or unsupported (browser shell: use window.print()). */
  'exports:printToPdf': { args: [suggestedName: string]; result: { path: string; bytes: number } | null };

  /**
   * Audit bundles (the Review's "Audit bundle"): `begin` checks the request
   * and answers the UTC days whose stored readings it needs; the renderer
   * sends each with `addReadings` (a whole UTC day chunk, or consecutive
   * parts of one, at most AUDIT_LIMITS.pointsPerCall readings per call);
   * `finish` asks where to save (a save dialog; a cancel builds nothing),
   * builds the zip with the CLI's code (shared/audit, electron/node/audit)
   * and saves it, or returns it for a download when there is no dialog.
   */
  'audit:begin': { args: [request: AuditRequest]; result: { auditId: string; utcDays: UtcDay[]; zone: string } };
  'audit:addReadings': { args: [auditId: string, chunk: DayChunk]; result: void };
  'audit:finish': { args: [auditId: string, suggestedName: string]; result: AuditOutcome };
  'audit:abort': { args: [auditId: string]; result: void };

  'downloads:start': { args: [request: DownloadRequest]; result: string };
  'downloads:poll': { args: [sessionId: string, ackSeq: number]; result: DownloadPoll };
  'downloads:cancel': { args: [sessionId: string]; result: void };

  /** The road index in use, null when none (docs/analysis.md, "Speeding against the road's limit"). */
  'roads:status': { args: []; result: RoadLimitsInfo | null };
  /** `length` bytes (at most ROAD_IPC_LIMITS.pieceBytes) of the index `id` from `offset`; fails when `id` is no longer the one kept. */
  'roads:read': { args: [id: string, offset: number, length: number]; result: Uint8Array };
  /**
   * Imports an extract (`.osm.pbf`, `.osm`, `.osm.gz`) or a built `.rlidx`: the page sends the file in
   * pieces (`importWrite`, in order), `importFinish` starts the build, `importPoll` says how far it is,
   * `importCancel` stops it at any point. The index in use changes only when the build succeeded.
   */
  'roads:importBegin': { args: [fileName: string, bytes: number]; result: string };
  'roads:importWrite': { args: [importId: string, piece: Uint8Array]; result: void };
  'roads:importFinish': { args: [importId: string]; result: void };
  'roads:importPoll': { args: [importId: string]; result: RoadImportState };
  'roads:importCancel': { args: [importId: string]; result: void };
  'roads:remove': { args: []; result: null };

  'zones:get': { args: []; result: SpeedZonesInfo | null };
  /** Keeps the GeoJSON when it is read whole (else fails naming every bad feature, keeping the zones before); null removes them. */
  'zones:set': { args: [fileName: string, geojson: string | null]; result: SpeedZonesInfo | null };
}

export type IpcChannel = keyof IpcContract;
export type IpcArgs<C extends IpcChannel> = IpcContract[C]['args'];
export type IpcResult<C extends IpcChannel> = IpcContract[C]['result'];

/** 'carriers:testConnection' → 'testConnection' */
type ApiName<C extends string> = C extends `${string}:${infer Name}` ? Name : never;

/** Function name the preload exposes for each channel (unique within its namespace: routelens.audit.begin, routelens.exports.begin). */
export const API_FUNCTIONS = {
  'app:getInfo': 'getInfo',
  'keys:getStatus': 'getStatus',
  'keys:setProviderKey': 'setProviderKey',
  'keys:testAndSetProviderKey': 'testAndSetProviderKey',
  'keys:deleteProviderKey': 'deleteProviderKey',
  'keys:setCompanyKey': 'setCompanyKey',
  'keys:testAndSetCompanyKey': 'testAndSetCompanyKey',
  'keys:deleteCompanyKey': 'deleteCompanyKey',
  'carriers:list': 'list',
  'carriers:add': 'add',
  'carriers:testAndAdd': 'testAndAdd',
  'carriers:rename': 'rename',
  'carriers:remove': 'remove',
  'carriers:testConnection': 'testConnection',
  'carriers:addDemo': 'addDemo',
  'carriers:setHomeZone': 'setHomeZone',
  'fleet:vehicles': 'vehicles',
  'fleet:drivers': 'drivers',
  'settings:getPreferences': 'getPreferences',
  'settings:setPreferences': 'setPreferences',
  'settings:getReviewer': 'getReviewer',
  'settings:setProviderBaseUrl': 'setProviderBaseUrl',
  'settings:getOnlineStyle': 'getOnlineStyle',
  'settings:setOnlineStyle': 'setOnlineStyle',
  'exports:begin': 'begin',
  'exports:write': 'write',
  'exports:finish': 'finish',
  'exports:abort': 'abort',
  'exports:printToPdf': 'printToPdf',
  'audit:begin': 'begin',
  'audit:addReadings': 'addReadings',
  'audit:finish': 'finish',
  'audit:abort': 'abort',
  'downloads:start': 'start',
  'downloads:poll': 'poll',
  'downloads:cancel': 'cancel',
  'roads:status': 'status',
  'roads:read': 'read',
  'roads:importBegin': 'importBegin',
  'roads:importWrite': 'importWrite',
  'roads:importFinish': 'importFinish',
  'roads:importPoll': 'importPoll',
  'roads:importCancel': 'importCancel',
  'roads:remove': 'remove',
  'zones:get': 'get',
  'zones:set': 'set',
} as const satisfies { [C in IpcChannel]: ApiName<C> };

export const IPC_CHANNELS = Object.keys(API_FUNCTIONS) as IpcChannel[];

type Namespace<C extends string> = C extends `${infer N}:${string}` ? N : never;

/** The API object exposed as `window.routelens`, grouped by namespace: `routelens.carriers.add(...)`. */
export type RouteLensApi = {
  [N in Namespace<IpcChannel>]: {
    [C in IpcChannel as Namespace<C> extends N ? ApiName<C> : never]: (...args: IpcArgs<C>) => Promise<IpcResult<C>>;
  };
};

/**
 * What travels back for every call, over IPC and over the HTTP bridge alike:
 * a result, or a failure a user can read (never a stack, never a key).
 */
export type IpcReply<T> = { ok: true; result: T } | { ok: false; error: { kind: string; message: string } };

/** An error re-thrown on the renderer side with the failure's kind. */
export class RouteLensError extends Error {
  override name = 'RouteLensError';
  constructor(
    readonly kind: string,
    message: string,
  ) {
    super(message);
  }
}

export function unwrapReply<T>(reply: IpcReply<T>): T {
  if (reply.ok) return reply.result;
  throw new RouteLensError(reply.error.kind, reply.error.message);
}
