import { deflateSync } from 'node:zlib';
import { PbfWriter } from 'pbf';

/**
 * A minimal OpenStreetMap PBF writer (https://wiki.openstreetmap.org/wiki/PBF_Format):
 * a header block, then blocks of dense nodes, then blocks of ways, each
 * zlib-compressed. Enough for the demo's road network and for generated
 * extracts in benchmarks; readers of regional extracts read it as one.
 */
export interface OsmNode {
  id: number;
  lat: number;
  lng: number;
}

export interface OsmWay {
  id: number;
  refs: readonly number[];
  tags: Readonly<Record<string, string>>;
}

/** Entities per block, as osmium writes them. */
const BLOCK_ITEMS = 8000;
/** Coordinates are stored in units of 100 nanodegrees (the format's default granularity). */
const UNITS_PER_DEGREE = 1e7;

/** The file's bytes: nodes (ascending ids) then ways. */
export function osmPbf(nodes: readonly OsmNode[], ways: readonly OsmWay[]): Buffer {
  const parts: Buffer[] = [fileBlock('OSMHeader', headerBlock(nodes))];
  for (let i = 0; i < nodes.length; i += BLOCK_ITEMS) {
    parts.push(fileBlock('OSMData', nodeBlock(nodes.slice(i, i + BLOCK_ITEMS))));
  }
  for (let i = 0; i < ways.length; i += BLOCK_ITEMS) {
    parts.push(fileBlock('OSMData', wayBlock(ways.slice(i, i + BLOCK_ITEMS))));
  }
  return Buffer.concat(parts);
}

/** BlobHeader length (4 bytes, big-endian), BlobHeader, Blob (zlib data). */
function fileBlock(type: string, body: Uint8Array): Buffer {
  const blob = new PbfWriter();
  blob.writeVarintField(2, body.length);
  blob.writeBytesField(3, deflateSync(body));
  const blobBytes = blob.finish();
  const header = new PbfWriter();
  header.writeStringField(1, type);
  header.writeVarintField(3, blobBytes.length);
  const headerBytes = header.finish();
  const size = Buffer.alloc(4);
  size.writeUInt32BE(headerBytes.length);
  return Buffer.concat([size, headerBytes, blobBytes]);
}

function headerBlock(nodes: readonly OsmNode[]): Uint8Array {
  const pbf = new PbfWriter();
  if (nodes.length > 0) {
    const nano = (deg: number) => Math.round(deg * 1e9);
    const lats = nodes.map((n) => n.lat);
    const lngs = nodes.map((n) => n.lng);
    pbf.writeMessage(
      1,
      (_: null, p: PbfWriter) => {
        p.writeSVarintField(1, nano(Math.min(...lngs)));
        p.writeSVarintField(2, nano(Math.max(...lngs)));
        p.writeSVarintField(3, nano(Math.max(...lats)));
        p.writeSVarintField(4, nano(Math.min(...lats)));
      },
      null,
    );
  }
  pbf.writeStringField(4, 'OsmSchema-V0.6');
  pbf.writeStringField(4, 'DenseNodes');
  pbf.writeStringField(16, 'RouteLens');
  return pbf.finish();
}

/** A string table that hands out indices; index 0 is the empty string, as the format requires. */
class StringTable {
  readonly strings = [''];
  private readonly index = new Map<string, number>([['', 0]]);
  of(s: string): number {
    let i = this.index.get(s);
    if (i === undefined) {
      i = this.strings.push(s) - 1;
      this.index.set(s, i);
    }
    return i;
  }
}

function primitiveBlock(table: StringTable, writeGroup: (p: PbfWriter) => void): Uint8Array {
  const pbf = new PbfWriter();
  pbf.writeMessage(
    1,
    (_: null, p: PbfWriter) => {
      const encoder = new TextEncoder();
      for (const s of table.strings) p.writeBytesField(1, encoder.encode(s));
    },
    null,
  );
  pbf.writeMessage(2, (_: null, p: PbfWriter) => writeGroup(p), null);
  return pbf.finish();
}

function deltas(values: readonly number[]): number[] {
  return values.map((v, i) => (i === 0 ? v : v - values[i - 1]!));
}

function nodeBlock(nodes: readonly OsmNode[]): Uint8Array {
  const table = new StringTable();
  return primitiveBlock(table, (group) =>
    group.writeMessage(
      2,
      (_: null, p: PbfWriter) => {
        p.writePackedSVarint(1, deltas(nodes.map((n) => n.id)));
        p.writePackedSVarint(8, deltas(nodes.map((n) => Math.round(n.lat * UNITS_PER_DEGREE))));
        p.writePackedSVarint(9, deltas(nodes.map((n) => Math.round(n.lng * UNITS_PER_DEGREE))));
        // No node has tags: each node's key/value list is just its terminating 0.
        p.writePackedVarint(10, new Array<number>(nodes.length).fill(0));
      },
      null,
    ),
  );
}

function wayBlock(ways: readonly OsmWay[]): Uint8Array {
  const table = new StringTable();
  const encoded = ways.map((w) => {
    const entries = Object.entries(w.tags);
    return { w, keys: entries.map(([k]) => table.of(k)), vals: entries.map(([, v]) => table.of(v)) };
  });
  return primitiveBlock(table, (group) => {
    for (const { w, keys, vals } of encoded) {
      group.writeMessage(
        3,
        (_: null, p: PbfWriter) => {
          p.writeVarintField(1, w.id);
          p.writePackedVarint(2, keys);
          p.writePackedVarint(3, vals);
          p.writePackedSVarint(8, deltas(w.refs));
        },
        null,
      );
    }
  });
}
