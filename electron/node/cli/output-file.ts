import { once } from 'node:events';
import { closeSync, createWriteStream, openSync, rmSync, statSync, type WriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { PiecePool } from '../../../shared/export/bytes.ts';
import { UsageError } from './args.ts';

/**
 * The file an export writes: a temp file beside the target, created before
 * anything is downloaded (so a folder that cannot take it is reported at
 * once, not after the download), written, then renamed into place. While it
 * exists, SIGINT and SIGTERM remove it and exit 130 / 143; every other way
 * out removes it too, and a failure to remove it never hides the error that
 * ended the export.
 */
export interface OutputFile {
  readonly tmp: string;
  /** Writes one piece (text as UTF-8, or bytes) to the temp file, waiting while the disk catches up. */
  write(piece: string | Uint8Array): Promise<void>;
  /** Writes every piece after those already written, then renames the temp file to the target. */
  commit(pieces: Iterable<string | Uint8Array>): Promise<void>;
  /** Removes the temp file; never throws (the caller is already reporting why). */
  discard(): Promise<void>;
  /** Where a writer's byte pieces come back once on disk, for the next pieces (csvBytes' and gpxBytes' `pool`). */
  readonly pool: PiecePool;
}

/** Bytes a write stream holds before asking to wait. */
export const WRITE_BUFFER = 1024 * 1024;

const SIGNAL_EXIT = { SIGINT: 130, SIGTERM: 143 } as const;

/** Checks what can be checked about `--out` without writing: its folder exists and it is not itself a folder. */
function checkTarget(file: string): void {
  const dir = path.dirname(path.resolve(file));
  const folder = statSync(dir, { throwIfNoEntry: false });
  if (!folder) throw new UsageError(`--out: the folder ${dir} does not exist.`);
  if (!folder.isDirectory()) throw new UsageError(`--out: ${dir} is not a folder.`);
  if (statSync(file, { throwIfNoEntry: false })?.isDirectory())
    throw new UsageError(`--out: ${file} is a folder; give a file name.`);
}

/** Removes the temp file and exits as a shell expects after that signal; synchronous, since the process ends here. */
function onSignal(tmp: string, signal: keyof typeof SIGNAL_EXIT): void {
  try {
    rmSync(tmp, { force: true });
  } catch {
    // Nothing more can be done on the way out; the message below still tells the user.
  }
  process.stderr.write(`routelens: interrupted (${signal}); nothing was written.\n`);
  process.exit(SIGNAL_EXIT[signal]);
}

export function openOutputFile(file: string): OutputFile {
  checkTarget(file);
  const tmp = `${file}.partial-${process.pid}`;
  // Created now: an unwritable folder (permissions, read-only disk) fails before the download, not after.
  closeSync(openSync(tmp, 'w'));
  const handlers = (Object.keys(SIGNAL_EXIT) as (keyof typeof SIGNAL_EXIT)[]).map((signal) => {
    const handler = () => onSignal(tmp, signal);
    process.once(signal, handler);
    return () => process.off(signal, handler);
  });
  const release = () => handlers.forEach((off) => off());

  // Opened at the first write, so pieces can be written while the download still runs.
  let stream: WriteStream | null = null;
  let failure: Error | null = null;
  const pool = new PiecePool();
  // Handed back only once the disk has it: the stream holds the piece until then.
  const reuse = (piece: string | Uint8Array) =>
    typeof piece === 'string' ? undefined : (err?: Error | null) => void (err ? undefined : pool.release(piece));
  const write = async (piece: string | Uint8Array): Promise<void> => {
    if (stream === null) {
      // A 1 MiB buffer lets the writers build the next pieces while the disk takes the last ones.
      stream = createWriteStream(tmp, { encoding: 'utf8', highWaterMark: WRITE_BUFFER });
      // Kept, not thrown from an event: the next write or the commit reports it.
      stream.on('error', (err) => {
        failure ??= err;
      });
    }
    if (failure) throw failure;
    if (!stream.write(piece, reuse(piece))) await once(stream, 'drain');
    // A writer makes pieces synchronously: without a turn of the event loop the
    // stream never hears that its last write finished, so it would start the
    // next one only once its buffer filled, leaving the disk idle meanwhile.
    else await new Promise((resolve) => setImmediate(resolve));
  };

  return {
    tmp,
    pool,
    write,
    async commit(pieces) {
      try {
        for (const piece of pieces) await write(piece);
        if (stream === null) await write('');
        const s = stream as unknown as WriteStream;
        s.end();
        await once(s, 'finish');
        if (failure) throw failure;
        await rename(tmp, file);
        release();
      } catch (err) {
        stream?.destroy();
        throw err;
      }
    },
    async discard() {
      release();
      stream?.destroy();
      await rm(tmp, { force: true }).catch(() => undefined);
    },
  };
}
