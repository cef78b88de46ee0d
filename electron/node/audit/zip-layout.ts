/**
 * The layout RouteLens's zip writer produces, checked byte by byte before
 * anything is verified. Readers disagree about everything else: unzip and
 * most libraries follow the central directory, streaming readers (Java's
 * ZipInputStream, many "extract on upload" services) walk the local headers
 * from byte 0, and some honour one and ignore the other's fields. A bundle is
 * only "verified" when all of them would see the same files with the same
 * bytes, so: the end record is the file's last bytes (a comment aside) and the
 * only one; local entries run back to back from byte 0 to the central
 * directory, which ends where the end record starts; every local header
 * repeats its central entry (name, method, flags, CRC-32, sizes); nothing is a
 * symlink, folder or device; no data descriptors, encryption or zip64.
 */

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const END_SIZE = 22;
/** Flag bits a RouteLens bundle never sets: encryption (0, 6), data descriptor (3), patch data (5), masked directory (13). */
const FOREIGN_FLAGS = 0b0010_0000_0110_1001;
const UNIX = 3;
const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const MSDOS_DIRECTORY = 0x10;

/** Why `buf` is not laid out as RouteLens writes a bundle, or null when it is. */
export function zipLayoutProblem(buf: Buffer): string | null {
  if (buf.length < END_SIZE) return 'it is too short to be a zip file';
  const end = findEndRecord(buf);
  if (typeof end === 'string') return end;
  const count = buf.readUInt16LE(end + 10);
  const size = buf.readUInt32LE(end + 12);
  const start = buf.readUInt32LE(end + 16);
  if (end >= 20 && buf.readUInt32LE(end - 20) === ZIP64_LOCATOR) return 'it is a zip64 archive';
  if (start + size !== end) return 'there are bytes between the central directory and the end record';
  const locals: { offset: number; length: number }[] = [];
  let at = start;
  for (let k = 1; k <= count; k++) {
    if (at + 46 > end || buf.readUInt32LE(at) !== CENTRAL) return `central directory entry ${k} is damaged`;
    const madeBy = buf.readUInt16LE(at + 4) >> 8;
    const flags = buf.readUInt16LE(at + 8);
    const nameLen = buf.readUInt16LE(at + 28);
    const record = 46 + nameLen + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
    if (at + record > end) return `central directory entry ${k} is damaged`;
    const name = buf.subarray(at + 46, at + 46 + nameLen);
    const shown = JSON.stringify(name.toString('utf8').slice(0, 80));
    if (flags & FOREIGN_FLAGS) return `entry ${shown} is encrypted or has a data descriptor`;
    const attrs = buf.readUInt32LE(at + 38);
    const mode = attrs >>> 16;
    if ((madeBy === UNIX && mode !== 0 && (mode & S_IFMT) !== S_IFREG) || attrs & MSDOS_DIRECTORY)
      return `entry ${shown} is not a regular file (a symbolic link, folder or device)`;
    const offset = buf.readUInt32LE(at + 42);
    const local = localRecordLength(buf, offset, at, name, start);
    if (typeof local === 'string') return `entry ${shown} ${local}`;
    locals.push({ offset, length: local });
    at += record;
  }
  if (at !== end) return 'the central directory holds more than its entry count says';
  let next = 0;
  for (const l of locals.sort((a, b) => a.offset - b.offset)) {
    if (l.offset !== next)
      return next === 0
        ? 'there are bytes before the first entry'
        : `there are ${l.offset > next ? 'hidden bytes between entries' : 'overlapping entries'} (at byte ${next})`;
    next = l.offset + l.length;
  }
  if (next !== start) return 'there are hidden bytes between the last entry and the central directory';
  return null;
}

/** The one end record: its comment reaches the file's last byte and holds no second one. */
function findEndRecord(buf: Buffer): number | string {
  const last = buf.length - END_SIZE;
  for (let i = last; i >= Math.max(0, last - 0xffff); i--) {
    if (buf.readUInt32LE(i) !== END) continue;
    if (i + END_SIZE + buf.readUInt16LE(i + 20) !== buf.length)
      return 'there are bytes after its end record (or a second archive)';
    for (let j = i - 1; j >= Math.max(0, i - 0xffff); j--)
      if (buf.readUInt32LE(j) === END && j + END_SIZE <= i && isPlausibleEnd(buf, j))
        return 'it holds more than one end record';
    if (
      buf.readUInt16LE(i + 4) !== 0 ||
      buf.readUInt16LE(i + 6) !== 0 ||
      buf.readUInt16LE(i + 8) !== buf.readUInt16LE(i + 10)
    )
      return 'it is a multi-disk archive';
    return i;
  }
  return 'it has no end of central directory record (not a zip file, or cut short)';
}

/** An end-record signature whose directory fields point inside the file, not four bytes of compressed data by chance. */
function isPlausibleEnd(buf: Buffer, j: number): boolean {
  const size = buf.readUInt32LE(j + 12);
  const start = buf.readUInt32LE(j + 16);
  return start + size === j && (size === 0 || buf.readUInt32LE(start) === CENTRAL);
}

/** The length of the local record at `offset` when its header repeats the central entry at `c`, else why not. */
function localRecordLength(
  buf: Buffer,
  offset: number,
  c: number,
  name: Buffer,
  centralStart: number,
): number | string {
  if (offset + 30 > centralStart || buf.readUInt32LE(offset) !== LOCAL) return 'has no local header where it says';
  const nameLen = buf.readUInt16LE(offset + 26);
  const extraLen = buf.readUInt16LE(offset + 28);
  const compressed = buf.readUInt32LE(c + 20);
  const length = 30 + nameLen + extraLen + compressed;
  if (offset + length > centralStart) return 'runs into the central directory';
  if (!buf.subarray(offset + 30, offset + 30 + nameLen).equals(name)) return 'has a local header naming another file';
  const fields: [string, number, number][] = [
    ['flags', 6, 8],
    ['compression method', 8, 10],
    ['CRC-32', 14, 16],
    ['compressed size', 18, 20],
    ['size', 22, 24],
  ];
  for (const [what, l, cc] of fields) {
    const a =
      what.includes('CRC') || what.includes('size') ? buf.readUInt32LE(offset + l) : buf.readUInt16LE(offset + l);
    const b = what.includes('CRC') || what.includes('size') ? buf.readUInt32LE(c + cc) : buf.readUInt16LE(c + cc);
    if (a !== b) return `has a local header whose ${what} differs from the central directory's`;
  }
  return length;
}
