/**
 * An exact set of the place_ids a file has shown so far, with the row each was first seen on, kept off
 * the JS heap. A Map of place_id strings costs ~95 bytes of heap per key (56 MB for the 600,000 rows of a
 * 150 MB workbook, 249 MB for the 3,000,000 short rows a 150 MB CSV can hold, each about twice that in
 * RSS once the GC's slack is counted), and every full GC walks it. Here each key is its UTF-8 bytes in
 * 1 MB chunks (2-byte length, the bytes, 4-byte row) plus 8 bytes per hash-table slot: 35 MB for 600,000
 * place_ids and 128 MB for 3,000,000, and growing never copies the keys.
 */
const CHUNK_BYTES = 1 << 20;
/** Longest key in bytes (a place_id is at most 300 characters, so at most 1,200 bytes). */
const MAX_KEY_BYTES = 0xffff;
const INITIAL_SLOTS = 1 << 14;

export class FirstSeen {
  private readonly chunks: Buffer[] = [];
  private chunkUsed = CHUNK_BYTES;
  /** Per slot: 0 when empty, else the entry's position in the chunks + 1. */
  private refs = new Uint32Array(INITIAL_SLOTS);
  /** Per slot: the entry's hash, so probing rarely compares bytes and growing never rehashes keys. */
  private hashes = new Uint32Array(INITIAL_SLOTS);
  private count = 0;
  private scratch = Buffer.allocUnsafe(1024);

  get size(): number {
    return this.count;
  }

  /** The row `key` was first seen on; otherwise records it as seen on `row` and returns undefined. */
  check(key: string, row: number): number | undefined {
    const length = this.encode(key);
    const hash = hashBytes(this.scratch, length);
    const mask = this.refs.length - 1;
    let slot = hash & mask;
    for (let ref = this.refs[slot]; ref !== 0; ref = this.refs[slot]) {
      if (this.hashes[slot] === hash) {
        const position = ref - 1;
        const chunk = this.chunks[Math.floor(position / CHUNK_BYTES)];
        const offset = position % CHUNK_BYTES;
        if (chunk.readUInt16LE(offset) === length && sameBytes(this.scratch, chunk, offset + 2, length)) {
          return chunk.readUInt32LE(offset + 2 + length);
        }
      }
      slot = (slot + 1) & mask;
    }
    this.refs[slot] = this.append(length, row) + 1;
    this.hashes[slot] = hash;
    if (++this.count * 4 > this.refs.length * 3) this.grow();
    return undefined;
  }

  /** The key's UTF-8 bytes into the scratch buffer; returns their length. */
  private encode(key: string): number {
    if (key.length * 3 > this.scratch.length) this.scratch = Buffer.allocUnsafe(key.length * 3);
    let ascii = true;
    for (let i = 0; i < key.length; i++) {
      const code = key.charCodeAt(i);
      if (code > 0x7f) {
        ascii = false;
        break;
      }
      this.scratch[i] = code;
    }
    const length = ascii ? key.length : this.scratch.write(key, 0, 'utf8');
    if (length > MAX_KEY_BYTES) throw new RangeError(`a key of ${length} bytes is longer than ${MAX_KEY_BYTES}`);
    return length;
  }

  private append(length: number, row: number): number {
    const size = 2 + length + 4;
    if (this.chunkUsed + size > CHUNK_BYTES) {
      this.chunks.push(Buffer.allocUnsafe(CHUNK_BYTES));
      this.chunkUsed = 0;
    }
    const chunk = this.chunks[this.chunks.length - 1];
    const offset = this.chunkUsed;
    chunk.writeUInt16LE(length, offset);
    this.scratch.copy(chunk, offset + 2, 0, length);
    chunk.writeUInt32LE(row, offset + 2 + length);
    this.chunkUsed += size;
    return (this.chunks.length - 1) * CHUNK_BYTES + offset;
  }

  private grow(): void {
    const refs = new Uint32Array(this.refs.length * 2);
    const hashes = new Uint32Array(refs.length);
    const mask = refs.length - 1;
    for (let old = 0; old < this.refs.length; old++) {
      if (this.refs[old] === 0) continue;
      let slot = this.hashes[old] & mask;
      while (refs[slot] !== 0) slot = (slot + 1) & mask;
      refs[slot] = this.refs[old];
      hashes[slot] = this.hashes[old];
    }
    this.refs = refs;
    this.hashes = hashes;
  }
}

function sameBytes(key: Buffer, chunk: Buffer, offset: number, length: number): boolean {
  for (let i = 0; i < length; i++) if (key[i] !== chunk[offset + i]) return false;
  return true;
}

/** FNV-1a over the bytes, with a final mix so the low bits (the slot) depend on every byte. */
function hashBytes(bytes: Buffer, length: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < length; i++) hash = Math.imul(hash ^ bytes[i], 0x01000193);
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  return hash >>> 0;
}
