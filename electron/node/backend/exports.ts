import { randomBytes, randomUUID } from 'node:crypto';
import { open, rename, rm, writeFile, type FileHandle } from 'node:fs/promises';
import type { ExportFormat } from '../../../shared/ipc/contract.ts';
import { UserFacingError } from './failure.ts';
import { errorText } from '../../../shared/util/error-text.ts';

/**
 * Exports saved through a save dialog: the renderer formats the file in a
 * worker and streams it here in pieces; the file is written beside its
 * target and renamed into place at the end, so a cancelled or failed export
 * never leaves half a file under the user's chosen name.
 *
 * Every export owns its target and its temp file: a target another open
 * export is writing is never handed out again (the folder dialog moves on to
 * " (1)"; a path picked in a native dialog is refused), and each temp file is
 * created exclusively under a name of its own. Exports nobody finishes expire,
 * and only a few may be open at once.
 */
/** What a save dialog is asked for: an export format, or an audit bundle's zip. */
export type SaveFormat = ExportFormat | 'zip';

export interface SaveDialogs {
  /**
   * Asks the user where to save; null when cancelled. A dialog that picks the
   * name itself (the folder seam) calls `claim` on its candidate and moves on
   * when it answers false (another open export holds that path).
   */
  chooseSavePath(suggestedName: string, format: SaveFormat, claim?: (path: string) => boolean): Promise<string | null>;
  /** The app window as a PDF (Electron's printToPDF). */
  printToPdf?(): Promise<Uint8Array>;
}

export interface ExportLimits {
  /** Exports open at once (one backend serves one window). */
  maxOpen?: number;
  /** An export with no write for this long is discarded with its temp file. */
  idleMs?: number;
}

export const EXPORT_LIMITS = { maxOpen: 4, idleMs: 10 * 60_000 } as const;

interface OpenExport {
  path: string;
  tmp: string;
  file: FileHandle;
  bytes: number;
  lastUsedAt: number;
}

/** The sentence a user sees when the disk refuses the file; the partial file is already gone. */
function writeFailure(err: unknown, path: string): UserFacingError {
  const code = (err as { code?: unknown }).code;
  if (code === 'ENOSPC' || code === 'EDQUOT')
    return new UserFacingError({
      kind: 'disk-full',
      message: `Not enough disk space to save ${path}; nothing was saved.`,
    });
  const reason = errorText(err);
  return new UserFacingError({ kind: 'other', message: `${path} could not be saved (${reason}); nothing was saved.` });
}

/** A temp name no other export (of this or another RouteLens process) shares. */
function tempPathFor(path: string): string {
  return `${path}.partial-${process.pid}-${randomBytes(4).toString('hex')}`;
}

export function createExportSessions(dialogs: SaveDialogs | undefined, limits: ExportLimits = {}) {
  const maxOpen = limits.maxOpen ?? EXPORT_LIMITS.maxOpen;
  const idleMs = limits.idleMs ?? EXPORT_LIMITS.idleMs;
  const open_ = new Map<string, OpenExport>();
  /** Targets held by an open export, or by a begin still between its dialog and its temp file. */
  const claimed = new Set<string>();

  const get = (id: string): OpenExport => {
    const e = open_.get(id);
    if (!e)
      throw new UserFacingError({
        kind: 'not-found',
        message: `This export is no longer open (finished, cancelled, or left idle for more than ${Math.round(idleMs / 60_000)} min); start it again.`,
      });
    e.lastUsedAt = Date.now();
    return e;
  };

  /** Ends an export without a file: the temp file goes, the target is never touched. */
  const discard = async (id: string, e: OpenExport) => {
    open_.delete(id);
    claimed.delete(e.path);
    await e.file.close().catch(() => {});
    await rm(e.tmp, { force: true }).catch(() => {});
  };

  const sweep = setInterval(
    () => {
      const now = Date.now();
      for (const [id, e] of open_) if (now - e.lastUsedAt > idleMs) void discard(id, e);
    },
    Math.min(idleMs, 60_000),
  );
  sweep.unref();

  /** Asks for a path and claims it; null when the user cancelled. */
  async function choosePath(suggestedName: string, format: SaveFormat): Promise<string | null> {
    if (claimed.size >= maxOpen) {
      throw new UserFacingError({
        kind: 'other',
        message: `${maxOpen} exports are already being saved; wait for one to finish, then try again.`,
      });
    }
    let mine: string | null = null;
    const claim = (p: string) => {
      if (claimed.has(p)) return false;
      claimed.add(p);
      mine = p;
      return true;
    };
    const path = await dialogs!.chooseSavePath(suggestedName, format, claim);
    if (!path) {
      if (mine !== null) claimed.delete(mine);
      return null;
    }
    if (mine !== path && !claim(path)) {
      throw new UserFacingError({
        kind: 'other',
        message: `${path} is already being saved by another export; choose another name.`,
      });
    }
    return path;
  }

  /**
   * Asks where to save (null: cancelled, nothing made), then makes the file's
   * bytes and writes them beside the target and renames them into place. A
   * failure while making them leaves no file; its error is the one reported.
   */
  async function saveBytes(
    suggestedName: string,
    format: SaveFormat,
    make: () => Promise<Uint8Array>,
  ): Promise<{ path: string; bytes: number } | null> {
    if (!dialogs) return null;
    const path = await choosePath(suggestedName, format);
    if (!path) return null;
    const tmp = tempPathFor(path);
    try {
      let bytes: Uint8Array;
      try {
        bytes = await make();
      } catch (err) {
        // Nothing was written: the reason the file could not be made is the one to tell.
        if (err instanceof UserFacingError) throw err;
        throw writeFailure(err, path);
      }
      try {
        await writeFile(tmp, bytes, { flag: 'wx' });
        await rename(tmp, path);
      } catch (err) {
        await rm(tmp, { force: true }).catch(() => {});
        throw writeFailure(err, path);
      }
      return { path, bytes: bytes.byteLength };
    } finally {
      claimed.delete(path);
    }
  }

  return {
    async begin(suggestedName: string, format: ExportFormat) {
      if (!dialogs) return null;
      const path = await choosePath(suggestedName, format);
      if (!path) return null;
      const tmp = tempPathFor(path);
      let file: FileHandle;
      try {
        file = await open(tmp, 'wx');
      } catch (err) {
        claimed.delete(path);
        throw writeFailure(err, path);
      }
      const exportId = randomUUID();
      open_.set(exportId, { path, tmp, file, bytes: 0, lastUsedAt: Date.now() });
      return { exportId, path };
    },
    async write(id: string, piece: string) {
      const e = get(id);
      const buf = Buffer.from(piece, 'utf8');
      try {
        await e.file.write(buf);
      } catch (err) {
        // The renderer would abort anyway; not waiting for it keeps no half file if it never does.
        await discard(id, e);
        throw writeFailure(err, e.path);
      }
      e.bytes += buf.length;
    },
    async finish(id: string) {
      const e = get(id);
      open_.delete(id);
      try {
        await e.file.close();
        await rename(e.tmp, e.path);
      } catch (err) {
        await discard(id, e);
        throw writeFailure(err, e.path);
      }
      claimed.delete(e.path);
      return { path: e.path, bytes: e.bytes };
    },
    async abort(id: string) {
      const e = open_.get(id);
      if (e) await discard(id, e);
    },
    async printToPdf(suggestedName: string) {
      const print = dialogs?.printToPdf;
      if (!print) return null;
      return saveBytes(suggestedName, 'pdf', () => print());
    },
    saveBytes,
    /** Exports open now (tests, and the limits). */
    get openCount() {
      return open_.size;
    },
    async closeAll() {
      clearInterval(sweep);
      await Promise.all([...open_].map(([id, e]) => discard(id, e)));
    },
  };
}
