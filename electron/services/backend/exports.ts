import { randomUUID } from 'node:crypto';
import { open, rename, rm, writeFile, type FileHandle } from 'node:fs/promises';
import type { ExportFormat } from '../../../shared/ipc/contract.ts';
import { UserFacingError } from './failure.ts';

/**
 * Exports saved through a save dialog: the renderer formats the file in a
 * worker and streams it here in pieces; the file is written beside its
 * target and renamed into place at the end, so a cancelled or failed export
 * never leaves half a file under the user's chosen name.
 */
export interface SaveDialogs {
  /** Asks the user where to save; null when cancelled. */
  chooseSavePath(suggestedName: string, format: ExportFormat): Promise<string | null>;
  /** The app window as a PDF (Electron's printToPDF). */
  printToPdf?(): Promise<Uint8Array>;
}

interface OpenExport {
  path: string;
  tmp: string;
  file: FileHandle;
  bytes: number;
}

/** The sentence a user sees when the disk refuses the file; the partial file is already gone. */
function writeFailure(err: unknown, path: string): UserFacingError {
  const code = (err as { code?: unknown }).code;
  if (code === 'ENOSPC' || code === 'EDQUOT') return new UserFacingError({ kind: 'disk-full', message: `Not enough disk space to save ${path}; nothing was saved.` });
  const reason = err instanceof Error ? err.message : String(err);
  return new UserFacingError({ kind: 'other', message: `${path} could not be saved (${reason}); nothing was saved.` });
}

export function createExportSessions(dialogs: SaveDialogs | undefined) {
  const open_ = new Map<string, OpenExport>();

  const get = (id: string): OpenExport => {
    const e = open_.get(id);
    if (!e) throw new UserFacingError({ kind: 'not-found', message: 'This export is no longer open; start it again.' });
    return e;
  };

  /** Ends an export without a file: the temp file goes, the target is never touched. */
  const discard = async (id: string, e: OpenExport) => {
    open_.delete(id);
    await e.file.close().catch(() => {});
    await rm(e.tmp, { force: true });
  };

  return {
    async begin(suggestedName: string, format: ExportFormat) {
      if (!dialogs) return null;
      const path = await dialogs.chooseSavePath(suggestedName, format);
      if (!path) return null;
      const tmp = `${path}.partial-${process.pid}`;
      const exportId = randomUUID();
      open_.set(exportId, { path, tmp, file: await open(tmp, 'w'), bytes: 0 });
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
      return { path: e.path, bytes: e.bytes };
    },
    async abort(id: string) {
      const e = open_.get(id);
      if (e) await discard(id, e);
    },
    async printToPdf(suggestedName: string) {
      if (!dialogs?.printToPdf) return null;
      const path = await dialogs.chooseSavePath(suggestedName, 'pdf');
      if (!path) return null;
      const pdf = await dialogs.printToPdf();
      const tmp = `${path}.partial-${process.pid}`;
      try {
        await writeFile(tmp, pdf);
        await rename(tmp, path);
      } catch (err) {
        await rm(tmp, { force: true });
        throw writeFailure(err, path);
      }
      return { path, bytes: pdf.byteLength };
    },
    async closeAll() {
      await Promise.all([...open_].map(([id, e]) => discard(id, e)));
    },
  };
}
