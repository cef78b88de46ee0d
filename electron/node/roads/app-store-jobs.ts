/**
 * Road-limit imports as the page drives them: begin (the file's name and size), pieces written in order
 * to a temporary file, finish (the build starts in the background), poll, cancel at any stage. One import
 * at a time; an import that ends (done, failed, cancelled) can still be polled for a while.
 */
import { randomUUID } from 'node:crypto';
import fsp, { type FileHandle } from 'node:fs/promises';
import { ROAD_IPC_LIMITS, type RoadImportState, type RoadLimitsInfo } from '../../../shared/ipc/roads-contract.ts';
import type { FailureKind } from '../../../shared/domain/carrier.ts';
import type { BuildProgress } from './build.ts';

/** A condition of the store the user (or the page) caused; its message is one sentence shown as is. */
export class RoadStoreError extends Error {
  override name = 'RoadStoreError';
  constructor(
    readonly kind: FailureKind,
    message: string,
  ) {
    super(message);
  }
}

export interface ImportJob {
  readonly id: string;
  readonly fileName: string;
  readonly bytesTotal: number;
  /** The temporary file the pieces go to. */
  readonly file: string;
  bytesReceived: number;
  state: RoadImportState;
  handle: FileHandle | null;
  /** Pieces written so far, in order. */
  writing: Promise<void>;
  abort: AbortController;
  /** The build, once finished; settles after its temporary file is gone. */
  built: Promise<void> | null;
}

export interface ImportJobsOptions {
  prepared(): Promise<void>;
  temporary(id: string): string;
  /** Builds the received file and keeps it (rejects when aborted or when the file is no index). */
  build(job: ImportJob, signal: AbortSignal, onProgress: (p: BuildProgress) => void): Promise<RoadLimitsInfo>;
}

/** Imports ended this long ago stay pollable; the page polls every second or so. */
const ENDED_KEPT = 8;

const running = (j: ImportJob) => j.state.phase === 'receiving' || j.state.phase === 'building';

async function writeAll(handle: FileHandle, piece: Uint8Array): Promise<void> {
  for (let at = 0; at < piece.length;) at += (await handle.write(piece, at, piece.length - at)).bytesWritten;
}

export function createImportJobs(opts: ImportJobsOptions) {
  const jobs = new Map<string, ImportJob>();

  const jobOf = (id: string): ImportJob => {
    const job = jobs.get(id);
    if (!job)
      throw new RoadStoreError('not-found', 'No road-limits import has this id: it ended long ago or never began.');
    return job;
  };

  function forgetEnded(): void {
    const ended = [...jobs.values()].filter((j) => !running(j));
    for (const j of ended.slice(0, Math.max(0, ended.length - ENDED_KEPT))) jobs.delete(j.id);
  }

  /** Ends a job still receiving its file: the temporary file is removed. */
  async function endReceiving(job: ImportJob, state: RoadImportState): Promise<void> {
    job.state = state;
    await job.writing.catch(() => undefined);
    await job.handle?.close().catch(() => undefined);
    job.handle = null;
    await fsp.rm(job.file, { force: true });
  }

  async function fail(job: ImportJob, message: string): Promise<never> {
    await endReceiving(job, { phase: 'failed', message });
    throw new RoadStoreError('bad-request', message);
  }

  function receivingJob(importId: string): ImportJob {
    const job = jobOf(importId);
    if (job.state.phase !== 'receiving')
      throw new RoadStoreError('bad-request', `The import of ${job.fileName} is no longer receiving its file.`);
    return job;
  }

  async function runBuild(job: ImportJob): Promise<void> {
    const onProgress = (p: BuildProgress) => {
      if (job.state.phase !== 'building') return;
      // build.ts reports the fraction of both passes; the page shows each pass from 0 to 100%.
      const fraction = Math.min(1, Math.max(0, p.fraction * 2 - (p.pass - 1)));
      job.state = { phase: 'building', pass: p.pass, fraction, ways: 0 };
    };
    try {
      const info = await opts.build(job, job.abort.signal, onProgress);
      job.state = { phase: 'done', info };
    } catch (err) {
      job.state = job.abort.signal.aborted
        ? { phase: 'cancelled' }
        : { phase: 'failed', message: err instanceof Error ? err.message : String(err) };
    } finally {
      await fsp.rm(job.file, { force: true });
    }
  }

  return {
    async begin(fileName: string, bytes: number): Promise<string> {
      const busy = [...jobs.values()].find(running);
      if (busy)
        throw new RoadStoreError(
          'bad-request',
          `The import of ${busy.fileName} is still running: wait for it to end or cancel it first.`,
        );
      if (!Number.isSafeInteger(bytes) || bytes < 1 || bytes > ROAD_IPC_LIMITS.extractBytes)
        throw new RoadStoreError(
          'bad-request',
          `${fileName} cannot be imported: its size must be from 1 byte to ${ROAD_IPC_LIMITS.extractBytes / 1024 ** 3} GiB.`,
        );
      await opts.prepared();
      const id = randomUUID();
      const file = opts.temporary(id);
      const job: ImportJob = {
        id,
        fileName,
        bytesTotal: bytes,
        file,
        bytesReceived: 0,
        state: { phase: 'receiving', bytesReceived: 0, bytesTotal: bytes },
        handle: null,
        writing: Promise.resolve(),
        abort: new AbortController(),
        built: null,
      };
      jobs.set(id, job);
      forgetEnded();
      job.handle = await fsp.open(file, 'wx', 0o600);
      return id;
    },

    async write(importId: string, piece: Uint8Array): Promise<void> {
      const job = receivingJob(importId);
      if (piece.length > ROAD_IPC_LIMITS.pieceBytes || job.bytesReceived + piece.length > job.bytesTotal)
        return fail(job, `${job.fileName} sent more than the ${job.bytesTotal} bytes announced: the import stopped.`);
      job.bytesReceived += piece.length;
      const handle = job.handle!;
      const write = job.writing.then(() => writeAll(handle, piece));
      job.writing = write;
      try {
        await write;
      } catch (err) {
        // Cancelled while this piece was on its way: the import ended as the user asked.
        if (job.state.phase !== 'receiving')
          throw new RoadStoreError('cancelled', `The import of ${job.fileName} was stopped.`);
        return fail(job, `${job.fileName} could not be saved: ${err instanceof Error ? err.message : String(err)}`);
      }
      if (job.state.phase === 'receiving')
        job.state = { phase: 'receiving', bytesReceived: job.bytesReceived, bytesTotal: job.bytesTotal };
    },

    async finish(importId: string): Promise<void> {
      const job = receivingJob(importId);
      if (job.bytesReceived !== job.bytesTotal)
        return fail(
          job,
          `${job.fileName} arrived incomplete (${job.bytesReceived} of ${job.bytesTotal} bytes): the import stopped.`,
        );
      job.state = { phase: 'building', pass: 1, fraction: 0, ways: 0 };
      // Set before any await, so a cancel from now on waits for the temporary file to go.
      job.built = (async () => {
        await job.writing.catch(() => undefined);
        await job.handle?.close().catch(() => undefined);
        job.handle = null;
        await runBuild(job);
      })();
    },

    poll: async (importId: string): Promise<RoadImportState> => structuredClone(jobOf(importId).state),

    /** Stops the import at any stage and resolves once its temporary file is gone (nothing kept changes). */
    async cancel(importId: string): Promise<void> {
      const job = jobOf(importId);
      if (job.state.phase === 'receiving') return endReceiving(job, { phase: 'cancelled' });
      job.abort.abort();
      await job.built;
    },

    async close(): Promise<void> {
      for (const job of jobs.values()) {
        job.abort.abort();
        if (job.state.phase === 'receiving') await endReceiving(job, { phase: 'cancelled' });
        await job.built;
      }
    },
  };
}
