/**
 * Hostile variants of a good audit bundle, each one a way other zip readers
 * extract something different from what the central directory lists (issue
 * 32): an entry hidden between two listed ones (a streaming reader walking
 * local headers extracts it), a local header whose method disagrees with the
 * central directory, an entry marked as a symbolic link, bytes prepended
 * (offsets shifted, as a self-extractor stub does) and bytes appended after
 * the end record. Built from the zip's own records, so every other byte is the
 * original's.
 */
import { crc32, deflateRawSync } from 'node:zlib';

interface Entry {
  name: string;
  local: Buffer;
  central: Buffer;
}

/** The good zip split into its local records, central records and end record. */
function split(zip: Buffer): { entries: Entry[]; end: Buffer } {
  const endAt = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(endAt + 10);
  const cdStart = zip.readUInt32LE(endAt + 16);
  const entries: Entry[] = [];
  let at = cdStart;
  for (let k = 0; k < count; k++) {
    const len = 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const central = Buffer.from(zip.subarray(at, at + len));
    const offset = central.readUInt32LE(42);
    const localLen = 30 + zip.readUInt16LE(offset + 26) + zip.readUInt16LE(offset + 28) + central.readUInt32LE(20);
    entries.push({
      name: central.toString('utf8', 46, 46 + central.readUInt16LE(28)),
      local: Buffer.from(zip.subarray(offset, offset + localLen)),
      central,
    });
    at += len;
  }
  return { entries, end: Buffer.from(zip.subarray(endAt)) };
}

/** The archive of `locals` in order (hidden records have no central entry), offsets set, `lead` bytes first. */
function assemble(parts: (Entry | Buffer)[], end: Buffer, lead = Buffer.alloc(0), shift = 0): Buffer {
  const body: Buffer[] = [lead];
  const centrals: Buffer[] = [];
  let offset = lead.length;
  for (const p of parts) {
    if (Buffer.isBuffer(p)) {
      body.push(p);
      offset += p.length;
      continue;
    }
    const central = Buffer.from(p.central);
    central.writeUInt32LE(offset - lead.length + shift, 42);
    centrals.push(central);
    body.push(p.local);
    offset += p.local.length;
  }
  const out = Buffer.from(end);
  out.writeUInt32LE(
    centrals.reduce((n, c) => n + c.length, 0),
    12,
  );
  out.writeUInt32LE(offset - lead.length + shift, 16);
  return Buffer.concat([...body, ...centrals, out]);
}

/** A deflated local record of `name` holding `data` (no central entry points at it). */
function localRecord(name: string, data: Buffer): Buffer {
  const n = Buffer.from(name, 'utf8');
  const body = deflateRawSync(data);
  const h = Buffer.alloc(30);
  h.writeUInt32LE(0x04034b50, 0);
  h.writeUInt16LE(20, 4);
  h.writeUInt16LE(0x0800, 6);
  h.writeUInt16LE(8, 8);
  h.writeUInt32LE(crc32(data), 14);
  h.writeUInt32LE(body.length, 18);
  h.writeUInt32LE(data.length, 22);
  h.writeUInt16LE(n.length, 26);
  return Buffer.concat([h, n, body]);
}

export type HostileKind = 'hidden-entry' | 'method-mismatch' | 'symlink' | 'prepended' | 'appended';
export const HOSTILE_KINDS: readonly HostileKind[] = [
  'hidden-entry',
  'method-mismatch',
  'symlink',
  'prepended',
  'appended',
];

/** `zip` (a bundle RouteLens wrote) altered as `kind` says; `hiddenData` is what the hidden entry holds. */
export function hostileBundle(zip: Buffer, kind: HostileKind, hiddenData = Buffer.from('changed\n')): Buffer {
  const { entries, end } = split(zip);
  switch (kind) {
    case 'hidden-entry': {
      // A second breadcrumbs.csv between the first two listed entries: only a local-header walker sees it.
      const at = entries.findIndex((e) => e.name === 'breadcrumbs.csv');
      const parts: (Entry | Buffer)[] = [...entries];
      parts.splice(at, 0, localRecord('breadcrumbs.csv', hiddenData));
      return assemble(parts, end);
    }
    case 'method-mismatch': {
      const e = entries.find((x) => x.central.readUInt16LE(10) === 8)!;
      e.local.writeUInt16LE(0, 8); // the local header says stored; the central directory says deflated
      return assemble(entries, end);
    }
    case 'symlink': {
      const e = entries.find((x) => x.name === 'events.csv')!;
      e.central.writeUInt32LE((0o120777 << 16) >>> 0, 38);
      return assemble(entries, end);
    }
    case 'prepended': {
      // A stub before the archive with every offset shifted, as `zip -A` does: unzip reads it without a warning.
      const stub = Buffer.from('#!/bin/sh\necho hello\nexit 0\n');
      return assemble(entries, end, stub, stub.length);
    }
    case 'appended':
      return Buffer.concat([zip, Buffer.from('\nanything after the end record\n')]);
  }
}
