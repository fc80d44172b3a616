/**
 * An exact set of the place_ids a file has shown so far, with the row each was first seen on, kept off
 * the JS heap and mostly off memory. A Map of place_id strings costs ~95 bytes of heap per key (249 MB for
 * the 3,000,000 short rows a 150 MB CSV can hold, about twice that in RSS once the GC's slack is counted).
 * Here memory holds only an open-addressing table of 8 bytes per slot (the key's 32-bit hash and where its
 * entry is): 32 MB at 3,000,000 keys. The entries themselves (2-byte length, the UTF-8 bytes, 4-byte row)
 * go to an unlinked temporary file in 1 MB blocks, and are read back only when a key's hash matches one
 * already seen, that is for the file's repeats (and the rare 32-bit collision), so the answer stays exact.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const BLOCK_BYTES = 1 << 20;
/** Longest key in bytes (a place_id is at most 300 characters, so at most 1,200 bytes). */
const MAX_KEY_BYTES = 0xffff;
const INITIAL_SLOTS = 1 << 14;
/** Entry positions are stored + 1 in a Uint32Array. */
const MAX_POSITION = 0xffff_fffe;

export class FirstSeen {
  /** The block being filled; full blocks are written to the file at their position. */
  private block = Buffer.allocUnsafe(BLOCK_BYTES);
  private blockStart = 0;
  private blockUsed = 0;
  private file: { fd: number; path: string | null } | null = null;
  /** Per slot: 0 when empty, else the entry's position in the log + 1. */
  private refs = new Uint32Array(INITIAL_SLOTS);
  /** Per slot: the entry's hash, so probing rarely reads an entry and growing never rehashes keys. */
  private hashes = new Uint32Array(INITIAL_SLOTS);
  private count = 0;
  private scratch = Buffer.allocUnsafe(1024);
  private entry = Buffer.allocUnsafe(1024);

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
        const first = this.firstRowIfSame(ref - 1, length);
        if (first !== undefined) return first;
      }
      slot = (slot + 1) & mask;
    }
    this.refs[slot] = this.append(length, row) + 1;
    this.hashes[slot] = hash;
    if (++this.count * 4 > this.refs.length * 3) this.grow();
    return undefined;
  }

  /** Frees the table and removes the temporary file. The set is empty afterwards. */
  close(): void {
    if (this.file) {
      closeSync(this.file.fd);
      if (this.file.path) rmSync(this.file.path, { force: true });
      this.file = null;
    }
    this.refs = new Uint32Array(INITIAL_SLOTS);
    this.hashes = new Uint32Array(INITIAL_SLOTS);
    this.count = 0;
    this.blockStart = 0;
    this.blockUsed = 0;
  }

  /** The entry at `position` holds the key in the scratch buffer: its row; otherwise undefined. */
  private firstRowIfSame(position: number, length: number): number | undefined {
    const size = 2 + length + 4;
    let bytes: Buffer;
    let offset: number;
    if (position >= this.blockStart) {
      bytes = this.block;
      offset = position - this.blockStart;
    } else {
      if (this.entry.length < size) this.entry = Buffer.allocUnsafe(size);
      // An entry of this key's length is whole in the file; a short read means a shorter (other) key.
      if (readSync(this.file!.fd, this.entry, 0, size, position) < size) return undefined;
      bytes = this.entry;
      offset = 0;
    }
    if (bytes.readUInt16LE(offset) !== length) return undefined;
    for (let i = 0; i < length; i++) if (this.scratch[i] !== bytes[offset + 2 + i]) return undefined;
    return bytes.readUInt32LE(offset + 2 + length);
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

  /** Appends an entry to the log; returns its position. Entries never straddle two blocks. */
  private append(length: number, row: number): number {
    const size = 2 + length + 4;
    if (this.blockUsed + size > BLOCK_BYTES) this.flush();
    const position = this.blockStart + this.blockUsed;
    if (position > MAX_POSITION) throw new RangeError('more place_ids than one import can check (4 GB of keys)');
    const offset = this.blockUsed;
    this.block.writeUInt16LE(length, offset);
    this.scratch.copy(this.block, offset + 2, 0, length);
    this.block.writeUInt32LE(row, offset + 2 + length);
    this.blockUsed += size;
    return position;
  }

  /** Writes the current block to the file and starts the next one right after it. */
  private flush(): void {
    if (!this.file) {
      const file = path.join(os.tmpdir(), `directory-place-ids-${randomBytes(6).toString('hex')}.bin`);
      const fd = openSync(file, 'w+', 0o600);
      // Unlinked at once where the system allows it, so even a killed import leaves no file behind.
      let kept: string | null = null;
      try {
        rmSync(file);
      } catch {
        kept = file;
      }
      this.file = { fd, path: kept };
    }
    let written = 0;
    while (written < this.blockUsed) written += writeSync(this.file.fd, this.block, written, this.blockUsed - written, this.blockStart + written);
    this.blockStart += this.blockUsed;
    this.blockUsed = 0;
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

/** FNV-1a over the bytes, with a final mix so the low bits (the slot) depend on every byte. */
function hashBytes(bytes: Buffer, length: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < length; i++) hash = Math.imul(hash ^ bytes[i], 0x01000193);
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  return hash >>> 0;
}
