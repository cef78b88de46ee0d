/**
 * A minimal OpenStreetMap PBF writer (OSMHeader, then OSMData blocks of dense
 * nodes or ways, zlib-compressed), written from the format's spec with the
 * `pbf` package, independently of the reader under test. Also the bench's
 * generator of large extracts, block by block to a file descriptor. And the
 * same data as OSM XML, for the XML and gzip readers.
 */
import { writeSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { PbfWriter as Pbf } from 'pbf';

export interface GenNode {
  id: number;
  lat: number;
  lng: number;
}

export interface GenWay {
  id: number;
  refs: readonly number[];
  tags: Readonly<Record<string, string>>;
}

/** Nodes per block, as osmium writes (8,000 entities a block). */
export const BLOCK_ENTITIES = 8000;

function blob(type: 'OSMHeader' | 'OSMData', payload: Uint8Array): Buffer {
  const b = new Pbf();
  b.writeVarintField(2, payload.length);
  b.writeBytesField(3, deflateSync(payload));
  const body = b.finish();
  const h = new Pbf();
  h.writeStringField(1, type);
  h.writeVarintField(3, body.length);
  const header = h.finish();
  const len = Buffer.alloc(4);
  len.writeUInt32BE(header.length);
  return Buffer.concat([len, header, body]);
}

export function headerBlob(): Buffer {
  const p = new Pbf();
  p.writeStringField(4, 'OsmSchema-V0.6');
  p.writeStringField(4, 'DenseNodes');
  p.writeStringField(16, 'routelens test writer');
  return blob('OSMHeader', p.finish());
}

/** One block of dense nodes (granularity 100 nanodegrees: 1e-7 degree steps). */
export function nodesBlob(nodes: readonly GenNode[]): Buffer {
  const ids: number[] = [];
  const lats: number[] = [];
  const lons: number[] = [];
  let [pid, plat, plon] = [0, 0, 0];
  for (const n of nodes) {
    const lat = Math.round(n.lat * 1e7);
    const lon = Math.round(n.lng * 1e7);
    ids.push(n.id - pid);
    lats.push(lat - plat);
    lons.push(lon - plon);
    [pid, plat, plon] = [n.id, lat, lon];
  }
  const block = new Pbf();
  block.writeMessage(1, (_: null, p: Pbf) => p.writeBytesField(1, new Uint8Array(0)), null);
  block.writeMessage(
    2,
    (_: null, g: Pbf) =>
      g.writeMessage(
        2,
        (__: null, d: Pbf) => {
          d.writePackedSVarint(1, ids);
          d.writePackedSVarint(8, lats);
          d.writePackedSVarint(9, lons);
        },
        null,
      ),
    null,
  );
  return blob('OSMData', block.finish());
}

/** One block of ways, with its own string table. */
export function waysBlob(ways: readonly GenWay[]): Buffer {
  const strings = new Map<string, number>([['', 0]]);
  const sid = (s: string) => {
    let i = strings.get(s);
    if (i === undefined) strings.set(s, (i = strings.size));
    return i;
  };
  const encoded = ways.map((w) => {
    const entries = Object.entries(w.tags);
    return { w, keys: entries.map(([k]) => sid(k)), vals: entries.map(([, v]) => sid(v)) };
  });
  const block = new Pbf();
  block.writeMessage(
    1,
    (_: null, p: Pbf) => {
      for (const s of strings.keys()) p.writeBytesField(1, Buffer.from(s, 'utf8'));
    },
    null,
  );
  block.writeMessage(
    2,
    (_: null, g: Pbf) => {
      for (const e of encoded)
        g.writeMessage(
          3,
          (__: null, p: Pbf) => {
            p.writeVarintField(1, e.w.id);
            p.writePackedVarint(2, e.keys);
            p.writePackedVarint(3, e.vals);
            p.writePackedSVarint(
              8,
              e.w.refs.map((r, i) => r - (i === 0 ? 0 : e.w.refs[i - 1]!)),
            );
          },
          null,
        );
    },
    null,
  );
  return blob('OSMData', block.finish());
}

/** A whole extract as PBF bytes: nodes first, then ways, as extracts are sorted. */
export function osmPbf(nodes: readonly GenNode[], ways: readonly GenWay[]): Buffer {
  const parts = [headerBlob()];
  for (let i = 0; i < nodes.length; i += BLOCK_ENTITIES) parts.push(nodesBlob(nodes.slice(i, i + BLOCK_ENTITIES)));
  for (let i = 0; i < ways.length; i += BLOCK_ENTITIES) parts.push(waysBlob(ways.slice(i, i + BLOCK_ENTITIES)));
  return Buffer.concat(parts);
}

/** Appends blobs to an open file (the bench's large extract, written without holding it in memory). */
export function writeBlobs(fd: number, ...blobs: Buffer[]): number {
  let n = 0;
  for (const b of blobs) n += writeSync(fd, b);
  return n;
}

const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The same extract as OSM XML. */
export function osmXml(nodes: readonly GenNode[], ways: readonly GenWay[]): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<osm version="0.6" generator="routelens test">'];
  for (const n of nodes) lines.push(`  <node id="${n.id}" lat="${n.lat.toFixed(7)}" lon="${n.lng.toFixed(7)}"/>`);
  for (const w of ways) {
    lines.push(`  <way id="${w.id}">`);
    for (const r of w.refs) lines.push(`    <nd ref="${r}"/>`);
    for (const [k, v] of Object.entries(w.tags)) lines.push(`    <tag k="${xmlEscape(k)}" v="${xmlEscape(v)}"/>`);
    lines.push('  </way>');
  }
  lines.push('</osm>');
  return lines.join('\n') + '\n';
}
