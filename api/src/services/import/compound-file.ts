/**
 * Reads one stream out of an OLE compound file ([MS-CFB]: the container of .xls workbooks), for files
 * nobody vouches for. Every chain it follows is bounded: a sector seen twice in one chain, a chain that
 * ends before its stream does, a sector number past the end of the file or a header that does not add up
 * is a CompoundFileError, never a loop or an allocation larger than the file. (The `cfb` package follows a
 * crafted circular chain until the process runs out of memory.)
 *
 * Only what finding and reading a stream needs is decoded: the header, the DIFAT, the FAT, the directory
 * entries (scanned in order by name: the red-black tree is not needed to find a top-level stream), the
 * mini FAT and the mini stream.
 */

const SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const HEADER_SIZE = 512;
const DIRECTORY_ENTRY_SIZE = 128;
const MINI_SECTOR_SIZE = 64;
const ENDOFCHAIN = 0xfffffffe;
/** Sector numbers above this are markers (ENDOFCHAIN, FREESECT, FATSECT, DIFSECT, reserved), not places. */
const MAX_REGULAR_SECTOR = 0xfffffffa;
const HEADER_DIFAT_ENTRIES = 109;
const STREAM_OBJECT = 2;
const ROOT_OBJECT = 5;

/** The container is not a readable compound file; the message is for logs, not for people. */
export class CompoundFileError extends Error {
  override name = 'CompoundFileError';
}

function fail(message: string): never {
  throw new CompoundFileError(message);
}

interface Layout {
  file: Buffer;
  sectorSize: number;
  sectorCount: number;
  fat: Uint32Array;
}

function sector(layout: Layout, index: number): Buffer {
  if (index >= layout.sectorCount) fail(`sector ${index} is past the end of the file`);
  // The header takes the first sector-sized block (512 bytes of it used in version 4), so sector 0 follows it.
  const start = (index + 1) * layout.sectorSize;
  return layout.file.subarray(start, start + layout.sectorSize);
}

/**
 * The sector numbers of a chain in `table`, at most `limit` of them (a chain may not be longer than the
 * stream it holds, nor than the sectors that exist). Stops at ENDOFCHAIN; a repeat is a loop.
 */
function chain(table: Uint32Array, start: number, limit: number, what: string): number[] {
  const sectors: number[] = [];
  const seen = new Set<number>();
  for (let next = start; next !== ENDOFCHAIN; ) {
    if (next > MAX_REGULAR_SECTOR) fail(`${what}: chain holds the marker ${next.toString(16)}`);
    if (next >= table.length) fail(`${what}: sector ${next} is outside the allocation table`);
    if (seen.has(next)) fail(`${what}: chain loops back to sector ${next}`);
    if (sectors.length === limit) fail(`${what}: chain is longer than ${limit} sectors`);
    seen.add(next);
    sectors.push(next);
    next = table[next];
  }
  return sectors;
}

function readLayout(file: Buffer): Layout {
  if (file.length < HEADER_SIZE || !file.subarray(0, 8).equals(SIGNATURE)) fail('not a compound file');
  const major = file.readUInt16LE(0x1a);
  const sectorShift = file.readUInt16LE(0x1e);
  if (!((major === 3 && sectorShift === 9) || (major === 4 && sectorShift === 12))) fail(`version ${major} with sector shift ${sectorShift}`);
  if (file.readUInt16LE(0x20) !== 6) fail('mini sector shift is not 6');
  const sectorSize = 1 << sectorShift;
  // A last sector cut short still counts: reading it finds it short.
  const sectorCount = Math.ceil((file.length - sectorSize) / sectorSize);
  if (sectorCount <= 0) fail('no sectors');
  const entriesPerSector = sectorSize / 4;

  // The FAT's own sectors: 109 in the header, then DIFAT sectors of (entriesPerSector - 1) each, chained by their last entry.
  const fatSectorCount = file.readUInt32LE(0x2c);
  if (fatSectorCount > sectorCount) fail(`${fatSectorCount} FAT sectors in a file of ${sectorCount}`);
  const fatSectors: number[] = [];
  for (let i = 0; i < HEADER_DIFAT_ENTRIES && fatSectors.length < fatSectorCount; i++) fatSectors.push(file.readUInt32LE(0x4c + i * 4));
  const layout: Layout = { file, sectorSize, sectorCount, fat: new Uint32Array(0) };
  const seenDifat = new Set<number>();
  for (let next = file.readUInt32LE(0x44); fatSectors.length < fatSectorCount; ) {
    if (next > MAX_REGULAR_SECTOR || seenDifat.has(next)) fail('the DIFAT chain ends early or loops');
    seenDifat.add(next);
    const difat = sector(layout, next);
    for (let i = 0; i < entriesPerSector - 1 && fatSectors.length < fatSectorCount; i++) fatSectors.push(difat.readUInt32LE(i * 4));
    next = difat.readUInt32LE(sectorSize - 4);
  }

  const fat = new Uint32Array(fatSectorCount * entriesPerSector);
  fatSectors.forEach((fatSector, i) => {
    const bytes = sector(layout, fatSector);
    if (bytes.length < sectorSize) fail(`FAT sector ${fatSector} is cut short`);
    for (let j = 0; j < entriesPerSector; j++) fat[i * entriesPerSector + j] = bytes.readUInt32LE(j * 4);
  });
  layout.fat = fat;
  return layout;
}

/** The bytes of a chain of regular sectors, cut to `size`; a chain that ends early, or a file cut short, fails. */
function regularStream(layout: Layout, start: number, size: number, what: string): Buffer {
  const needed = Math.ceil(size / layout.sectorSize);
  const sectors = chain(layout.fat, start, Math.min(needed, layout.sectorCount), what);
  if (sectors.length < needed) fail(`${what}: chain of ${sectors.length} sectors for ${size} bytes`);
  const bytes = Buffer.concat(sectors.map((index) => sector(layout, index)));
  if (bytes.length < size) fail(`${what}: the file ends inside the stream`);
  return bytes.subarray(0, size);
}

interface DirectoryEntry {
  name: string;
  type: number;
  start: number;
  size: number;
}

function directory(layout: Layout): DirectoryEntry[] {
  const sectors = chain(layout.fat, layout.file.readUInt32LE(0x30), layout.sectorCount, 'directory');
  const entries: DirectoryEntry[] = [];
  for (const index of sectors) {
    const bytes = sector(layout, index);
    for (let offset = 0; offset + DIRECTORY_ENTRY_SIZE <= bytes.length; offset += DIRECTORY_ENTRY_SIZE) {
      const entry = bytes.subarray(offset, offset + DIRECTORY_ENTRY_SIZE);
      const nameLength = Math.min(entry.readUInt16LE(0x40), 64);
      const type = entry[0x42];
      // Version 3 files may leave garbage in the size's high 32 bits ([MS-CFB] 2.6.3): only the low half counts there.
      const high = layout.sectorSize === 512 ? 0 : entry.readUInt32LE(0x7c);
      if (high !== 0) fail('a stream over 4 GB');
      entries.push({
        name: entry.toString('utf16le', 0, Math.max(0, nameLength - 2)),
        type,
        start: entry.readUInt32LE(0x74),
        size: entry.readUInt32LE(0x78),
      });
    }
  }
  return entries;
}

/**
 * The content of the first stream named one of `names` (in that order of preference, compared without
 * regard to case as [MS-CFB] does), or null when the container holds none of them.
 */
export function readCompoundStream(file: Buffer, names: readonly string[]): Buffer | null {
  const layout = readLayout(file);
  const entries = directory(layout);
  const root = entries[0];
  if (!root || root.type !== ROOT_OBJECT) fail('the first directory entry is not the root');
  const wanted = names
    .map((name) => entries.find((entry) => entry.type === STREAM_OBJECT && entry.name.toLowerCase() === name.toLowerCase()))
    .find((entry) => entry !== undefined);
  if (!wanted) return null;
  if (wanted.size > layout.file.length) fail(`a stream of ${wanted.size} bytes in a file of ${layout.file.length}`);
  if (wanted.size === 0) return Buffer.alloc(0);

  const cutoff = layout.file.readUInt32LE(0x38);
  if (wanted.size >= cutoff) return regularStream(layout, wanted.start, wanted.size, 'stream');

  // A small stream lives in 64-byte sectors of the mini stream (the root entry's chain), indexed by the mini FAT.
  const miniFatSectors = layout.file.readUInt32LE(0x40);
  if (miniFatSectors > layout.sectorCount) fail('more mini FAT sectors than the file has');
  const miniFatBytes = regularStream(layout, layout.file.readUInt32LE(0x3c), miniFatSectors * layout.sectorSize, 'mini FAT');
  const miniFat = new Uint32Array(miniFatBytes.length / 4);
  for (let i = 0; i < miniFat.length; i++) miniFat[i] = miniFatBytes.readUInt32LE(i * 4);
  const miniStream = regularStream(layout, root.start, root.size, 'mini stream');
  const needed = Math.ceil(wanted.size / MINI_SECTOR_SIZE);
  const miniSectors = chain(miniFat, wanted.start, needed, 'small stream');
  if (miniSectors.length < needed) fail(`small stream: chain of ${miniSectors.length} mini sectors for ${wanted.size} bytes`);
  const bytes = Buffer.concat(miniSectors.map((index) => {
    if ((index + 1) * MINI_SECTOR_SIZE > miniStream.length) fail(`mini sector ${index} is past the end of the mini stream`);
    return miniStream.subarray(index * MINI_SECTOR_SIZE, (index + 1) * MINI_SECTOR_SIZE);
  }));
  return bytes.subarray(0, wanted.size);
}
