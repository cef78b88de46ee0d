import type { RangeResponse, Source } from 'pmtiles';

/** A PMTiles archive held in memory, read by slicing: the built-in basemap (read whole in one request), and tests. */
export class BytesSource implements Source {
  constructor(
    private readonly key: string,
    private readonly bytes: ArrayBuffer,
  ) {}
  getKey(): string {
    return this.key;
  }
  getBytes(offset: number, length: number): Promise<RangeResponse> {
    return Promise.resolve({ data: this.bytes.slice(offset, offset + length) });
  }
}
