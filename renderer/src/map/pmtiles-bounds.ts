import { Compression } from 'pmtiles';

/**
 * Bounds on what a .pmtiles archive may make the renderer decompress. The
 * archive's metadata and directories are gzip streams of the file's own
 * choosing: 1.5 MB of gzip can expand to 1.5 GiB and take the renderer to
 * several GB for minutes. Every decompression (metadata, root and leaf
 * directories, tiles) stops at `maxDecompressedBytes` or `maxMs`, whichever
 * comes first, and the file is refused with a sentence; real archives stay
 * far below both (a planet's root directory is < 16 KB, its metadata a few KB,
 * a leaf directory a few MB, a vector tile < 1 MB).
 */
export const PMTILES_LIMITS = Object.freeze({
  maxDecompressedBytes: 32 * 1024 * 1024,
  /** Uncompressed metadata is read whole before it is parsed: the same bound applies to its stored length. */
  maxMetadataBytes: 32 * 1024 * 1024,
  maxMs: 10_000,
});

/** Compressed bytes given to the decompressor at once: gzip expands at most ~1,032 to 1, so ~1 MB a step. */
const INPUT_STEP = 1024;

const MB = (n: number) => `${Math.round(n / (1024 * 1024))} MB`;

/** A file past a bound: its message is the sentence the map note quotes. */
export class PmtilesLimitError extends Error {
  override name = 'PmtilesLimitError';
}

export type DecompressFunc = (buf: ArrayBuffer, compression: Compression) => Promise<ArrayBuffer>;

/** The decompression every archive of the app is opened with (PMTiles' third argument). */
export function boundedDecompress(limits = PMTILES_LIMITS): DecompressFunc {
  return async (buf, compression) => {
    if (compression === Compression.None || compression === Compression.Unknown) {
      if (buf.byteLength > limits.maxDecompressedBytes) throw tooLarge(limits);
      return buf;
    }
    if (compression !== Compression.Gzip)
      throw new Error('it uses a compression RouteLens cannot read (brotli or zstd)');
    // Fed a little at a time and only as output is read: the decompressor expands a whole input chunk in one
    // step, so one 1.5 MB chunk would become 1.5 GB before the first read could stop it.
    const input = new Uint8Array(buf);
    let fed = 0;
    const source = new ReadableStream<BufferSource>(
      {
        pull(controller) {
          if (fed >= input.length) return controller.close();
          controller.enqueue(input.slice(fed, fed + INPUT_STEP));
          fed += INPUT_STEP;
        },
      },
      { highWaterMark: 0 },
    );
    const reader = source.pipeThrough(new DecompressionStream('gzip')).getReader();
    const parts: Uint8Array[] = [];
    let total = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new PmtilesLimitError(`reading it took longer than ${limits.maxMs / 1000} s`)),
        limits.maxMs,
      );
    });
    try {
      for (;;) {
        const { done, value } = await Promise.race([reader.read(), deadline]);
        if (done) break;
        total += value.byteLength;
        if (total > limits.maxDecompressedBytes) throw tooLarge(limits);
        parts.push(value);
      }
    } catch (err) {
      await reader.cancel().catch(() => undefined);
      throw err;
    } finally {
      clearTimeout(timer);
    }
    const out = new Uint8Array(total);
    let at = 0;
    for (const p of parts) {
      out.set(p, at);
      at += p.byteLength;
    }
    return out.buffer;
  };
}

export function tooLarge(limits = PMTILES_LIMITS): PmtilesLimitError {
  return new PmtilesLimitError(
    `its metadata or tile directory expands past ${MB(limits.maxDecompressedBytes)}, more than any street-detail file needs, so RouteLens does not read it`,
  );
}
