import type { IpcArgs, IpcChannel, IpcResult } from '../../../shared/ipc/contract.ts';
import type { PdfPrinter } from '../audit/chromium-pdf.ts';
import type { ResolveOptions } from '../basemap/resolve-online-style.ts';
import type { Keychain } from '../keychain/index.ts';
import type { SettingsStore } from '../settings/index.ts';
import type { SimulatorOptions } from '../simulator/types.ts';
import type { AuditSessionLimits } from './audits.ts';
import type { DiskGuard } from './disk-guard.ts';
import type { ExportLimits, SaveDialogs } from './exports.ts';

export type Handlers = { [C in IpcChannel]: (...args: IpcArgs<C>) => Promise<IpcResult<C>> };

/** The handlers of one namespace of the contract ('keys' → 'keys:getStatus', …). */
export type NamespaceHandlers<N extends string> = {
  [C in IpcChannel as C extends `${N}:${string}` ? C : never]: Handlers[C];
};

export interface BackendOptions {
  keychain: Keychain;
  settings: SettingsStore;
  shell: 'electron' | 'browser-shell';
  appName: string;
  appVersion: string;
  now?: () => number;
  /** Options of the built-in demo simulator (tests pin its clock and seed). */
  demo?: SimulatorOptions;
  /** Save dialogs (Electron's native one; a folder in the browser shell given ROUTELENS_SAVE_DIR); absent: exports are browser downloads. */
  dialogs?: SaveDialogs;
  /** The volume to keep free space on while downloading (Electron: userData, where IndexedDB lives). */
  diskGuard?: DiskGuard;
  /** How an online style is fetched when the user opts in (tests shorten the limits). */
  onlineStyle?: ResolveOptions;
  /**
   * Asks the user whether stored keys may also be sent to a new API origin
   * (Electron's native dialog). Absent (the browser shell): never; the user
   * enters the keys again for that origin.
   */
  confirmKeyCarryOver?: (request: KeyCarryOver) => Promise<boolean>;
  /** How long a key's test on entry may take (tests shorten it; backend/key-check.ts KEY_CHECK_DEFAULTS). */
  keyCheck?: { maxRetries?: number; firstByteTimeoutMs?: number; deadlineMs?: number };
  /** Download-session bounds (tests shorten them). */
  downloadLimits?: { maxSessions?: number; idleMs?: number };
  /** Export bounds (tests shorten them). */
  exportLimits?: ExportLimits;
  /**
   * Prints an audit report's HTML to PDF: Electron's printToPDF in a hidden
   * window, Chromium through playwright-core in the browser shell. Absent: no
   * audit bundles (AppInfo.canMakeAuditBundle false).
   */
  printAuditReport?: PdfPrinter;
  /** The built-in basemap's files (land, countries, states) drawn under the report's map. */
  basemapDir?: string;
  /** Audit-session bounds (tests shorten them). */
  auditLimits?: AuditSessionLimits;
}

/** Keys that would now be sent to `origin` and were entered for other origins. */
export interface KeyCarryOver {
  origin: string;
  /** As a person reads them: 'the Provider Key', 'the Company Key of "Acme"'. */
  keys: string[];
}
