/**
 * The project's own `.osm.pbf` block reader (electron/node/roads/pbf-read.ts): the same nodes and ways as
 * osm-pbf-parser-node on the real extracts, the format's other forms (plain nodes, raw blobs, offsets and
 * granularity), and each kind of damage named.
 */
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { OSMTransform } from 'osm-pbf-parser-node';
import { PbfWriter } from 'pbf';
import { afterAll, describe, expect, it } from 'vitest';
import { PbfFormatError, readPbfFile } from '../../electron/node/roads/pbf-read.ts';
import { headerBlob, nodesBlob, waysBlob } from '../support/osm-pbf-write.ts';

const OSM = path.resolve(import.meta.dirname, '../../../shared/osm');
const dir = mkdtempSync(path.join(tmpdir(), 'routelens-pbf-read-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const noBytes = () => {};

async function nodesOf(file: string) {
  const out: [number, number, number][] = [];
  await readPbfFile(file, { kind: 'nodes', onNode: (id, lat, lng) => out.push([id, lat, lng]) }, undefined, noBytes);
  return out;
}

async function waysOf(file: string, keepTags: string[]) {
  const out: { id: number; refs: readonly number[]; tags: Record<string, string> }[] = [];
  await readPbfFile(
    file,
    { kind: 'ways', keepTags, onWay: (w) => out.push({ ...w, tags: { ...w.tags } }) },
    undefined,
    noBytes,
  );
  return out;
}

/** The library's reading of the same file: every node, and the ways carrying one of `keepTags`. */
async function libraryOf(file: string, keepTags: string[]) {
  const nodes: [number, number, number][] = [];
  const ways: { id: number; refs: readonly number[]; tags: Record<string, string> }[] = [];
  const items = createReadStream(file).pipe(
    new OSMTransform({ withTags: { node: false, way: keepTags, relation: false }, withInfo: false }),
  );
  for await (const batch of items as AsyncIterable<
    { type: string; id: number; lat?: number; lon?: number; refs?: number[]; tags?: Record<string, string> }[]
  >)
    for (const it of batch) {
      if (it.type === 'node') nodes.push([it.id, it.lat!, it.lon!]);
      if (it.type === 'way' && it.tags && Object.keys(it.tags).length > 0)
        ways.push({ id: it.id, refs: it.refs ?? [], tags: it.tags });
    }
  return { nodes, ways };
}

function blob(type: string, payload: Uint8Array, form: 'zlib' | 'raw' | 'lzma' = 'zlib'): Buffer {
  const b = new PbfWriter();
  if (form === 'raw') b.writeBytesField(1, payload);
  else {
    b.writeVarintField(2, payload.length);
    b.writeBytesField(form === 'zlib' ? 3 : 4, deflateSync(payload));
  }
  const body = b.finish();
  const h = new PbfWriter();
  h.writeStringField(1, type);
  h.writeVarintField(3, body.length);
  const header = h.finish();
  const len = Buffer.alloc(4);
  len.writeUInt32BE(header.length);
  return Buffer.concat([len, header, body]);
}

/** A block of plain (not dense) nodes, with its own granularity and offsets. */
function plainNodesBlock(nodes: { id: number; lat: number; lng: number }[], granularity: number, offset: number) {
  const block = new PbfWriter();
  block.writeMessage(1, (_: null, p: PbfWriter) => p.writeBytesField(1, new Uint8Array(0)), null);
  block.writeMessage(
    2,
    (_: null, g: PbfWriter) => {
      for (const n of nodes)
        g.writeMessage(
          1,
          (__: null, p: PbfWriter) => {
            p.writeSVarintField(1, n.id);
            p.writeSVarintField(8, Math.round(((n.lat - offset * 1e-9) * 1e9) / granularity));
            p.writeSVarintField(9, Math.round(((n.lng - offset * 1e-9) * 1e9) / granularity));
          },
          null,
        );
    },
    null,
  );
  block.writeVarintField(17, granularity);
  block.writeVarintField(19, offset);
  block.writeVarintField(20, offset);
  return block.finish();
}

function file(name: string, ...parts: Buffer[]): string {
  const p = path.join(dir, name);
  writeFileSync(p, Buffer.concat(parts));
  return p;
}

describe('readPbfFile', () => {
  it.each(['andorra.osm.pbf', 'baltimore.osm.pbf'])(
    'reads %s exactly as osm-pbf-parser-node does: every node, every way with a kept tag',
    async (name) => {
      const keep = ['highway', 'maxspeed', 'name', 'ref', 'oneway'];
      const f = path.join(OSM, name);
      const [nodes, ways, lib] = await Promise.all([nodesOf(f), waysOf(f, keep), libraryOf(f, keep)]);
      expect(nodes.length).toBeGreaterThan(10_000);
      expect(nodes).toEqual(lib.nodes);
      expect(ways.length).toBeGreaterThan(1_000);
      expect(ways).toEqual(lib.ways);
    },
  );

  it('reads plain nodes with their block’s granularity and offsets, and raw (uncompressed) blobs', async () => {
    const placed = [
      { id: 5_000_000_001, lat: 39.2901234, lng: -76.6105678 },
      { id: 5_000_000_002, lat: -33.8678901, lng: 151.2076543 },
    ];
    const f = file(
      'plain.osm.pbf',
      headerBlob(),
      blob('OSMData', plainNodesBlock(placed, 1000, 12_345), 'raw'),
      nodesBlob([{ id: 7, lat: 50.1, lng: 11.5 }]),
    );
    const got = await nodesOf(f);
    expect(got.map(([id]) => id)).toEqual([5_000_000_001, 5_000_000_002, 7]);
    got.slice(0, 2).forEach(([, lat, lng], i) => {
      expect(lat).toBeCloseTo(placed[i]!.lat, 6);
      expect(lng).toBeCloseTo(placed[i]!.lng, 6);
    });
  });

  it('skips node groups when reading ways, and keeps only the kept tags of ways that have one', async () => {
    const f = file(
      'ways.osm.pbf',
      headerBlob(),
      nodesBlob([{ id: 1, lat: 1, lng: 1 }]),
      waysBlob([
        { id: 10, refs: [1, 2, 3], tags: { highway: 'primary', surface: 'asphalt', name: 'Main' } },
        { id: 11, refs: [3, 4], tags: { building: 'yes' } },
      ]),
    );
    let nodes = 0;
    await readPbfFile(f, { kind: 'nodes', onNode: () => nodes++ }, undefined, noBytes);
    expect(nodes).toBe(1);
    expect(await waysOf(f, ['highway', 'name'])).toEqual([
      { id: 10, refs: [1, 2, 3], tags: { highway: 'primary', name: 'Main' } },
    ]);
  });

  it('reports the bytes read, ending at the file’s size', async () => {
    const f = file(
      'progress.osm.pbf',
      headerBlob(),
      nodesBlob([{ id: 1, lat: 1, lng: 1 }]),
      nodesBlob([{ id: 2, lat: 2, lng: 2 }]),
    );
    const seen: number[] = [];
    await readPbfFile(f, { kind: 'nodes', onNode: () => {} }, undefined, (read, total) => seen.push(read / total));
    expect(seen.length).toBe(3);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.at(-1)).toBe(1);
  });

  it('stops when cancelled, with the signal’s reason', async () => {
    const f = path.join(OSM, 'baltimore.osm.pbf');
    const ac = new AbortController();
    const run = readPbfFile(
      f,
      { kind: 'nodes', onNode: () => ac.abort(new Error('cancelled here')) },
      ac.signal,
      noBytes,
    );
    await expect(run).rejects.toThrow('cancelled here');
  });

  const damage: [string, () => Buffer, RegExp][] = [
    [
      'a file cut inside a blob',
      () => Buffer.concat([headerBlob(), nodesBlob([{ id: 1, lat: 1, lng: 1 }])]).subarray(0, -9),
      /ends inside a blob/,
    ],
    [
      'a blob header longer than the format allows',
      () => Buffer.concat([Buffer.from([0, 1, 0, 1]), Buffer.alloc(70_000)]),
      /blob header of 65537 bytes is larger than the format allows/,
    ],
    ['a block compressed with LZMA', () => blob('OSMData', new Uint8Array([1, 2, 3]), 'lzma'), /compressed with LZMA/],
    ['a block that does not inflate', () => corruptZlib(), /cannot be inflated/],
  ];
  it.each(damage)('refuses %s with a PbfFormatError naming it', async (name, bytes, message) => {
    const f = file(`${name.replace(/\W+/g, '-')}.osm.pbf`, bytes());
    const run = readPbfFile(f, { kind: 'nodes', onNode: () => {} }, undefined, noBytes);
    await expect(run).rejects.toBeInstanceOf(PbfFormatError);
    await expect(readPbfFile(f, { kind: 'nodes', onNode: () => {} }, undefined, noBytes)).rejects.toThrow(message);
  });
});

/** A zlib blob whose compressed bytes are flipped past the header. */
function corruptZlib(): Buffer {
  const good = nodesBlob([{ id: 1, lat: 1, lng: 1 }]);
  const bad = Buffer.from(good);
  for (let i = bad.length - 8; i < bad.length; i++) bad[i] = bad[i]! ^ 0xff;
  return bad;
}
