/**
 * An exact set of the place_ids a file has shown so far, with the row each was first seen on, kept off
 * the JS heap: the keys as UTF-8 bytes in one growing buffer plus an open-addressing hash table in typed
 * arrays. A Map of 600,000 place_id strings (a 150 MB workbook) costs ~45 MB of heap that every full GC
 * walks; this costs ~25 MB that no GC looks at, so the import's memory stays flat with the file size.
 */
const EMPTY = -1;

export class FirstSeen {
  private keys = Buffer.allocUnsafe(1024 * 1024);
  private keysUsed = 0;
  private offsets = new Uint32Array(1024);
  private lengths = new Uint32Array(1024);
  private rows = new Uint32Array(1024);
  private count = 0;
  private table = new Int32Array(2048).fill(EMPTY);
  private scratch = Buffer.allocUnsafe(4096);

  get size(): number {
    return this.count;
  }

  /** The row `key` was first seen on; otherwise records it as seen on `row` and returns undefined. */
  check(key: string, row: number): number | undefined {
    if (key.length * 3 > this.scratch.length) this.scratch = Buffer.allocUnsafe(key.length * 3);
    const length = this.scratch.write(key, 0, 'utf8');
    const mask = this.table.length - 1;
    let slot = hash(key) & mask;
    for (;;) {
      const entry = this.table[slot];
      if (entry === EMPTY) break;
      if (this.lengths[entry] === length && this.scratch.compare(this.keys, this.offsets[entry], this.offsets[entry] + length, 0, length) === 0) {
        return this.rows[entry];
      }
      slot = (slot + 1) & mask;
    }
    this.add(slot, length, row);
    return undefined;
  }

  private add(slot: number, length: number, row: number): void {
    if (this.count === this.offsets.length) this.growEntries();
    if (this.keysUsed + length > this.keys.length) {
      const keys = Buffer.allocUnsafe(Math.max(this.keys.length * 2, this.keysUsed + length));
      this.keys.copy(keys, 0, 0, this.keysUsed);
      this.keys = keys;
    }
    const entry = this.count++;
    this.scratch.copy(this.keys, this.keysUsed, 0, length);
    this.offsets[entry] = this.keysUsed;
    this.lengths[entry] = length;
    this.rows[entry] = row;
    this.keysUsed += length;
    this.table[slot] = entry;
    if (this.count * 2 > this.table.length) this.rehash();
  }

  private growEntries(): void {
    const size = this.offsets.length * 2;
    const grow = (old: Uint32Array) => {
      const next = new Uint32Array(size);
      next.set(old);
      return next;
    };
    this.offsets = grow(this.offsets);
    this.lengths = grow(this.lengths);
    this.rows = grow(this.rows);
  }

  private rehash(): void {
    const table = new Int32Array(this.table.length * 2).fill(EMPTY);
    const mask = table.length - 1;
    for (let entry = 0; entry < this.count; entry++) {
      let slot = hash(this.keys.toString('utf8', this.offsets[entry], this.offsets[entry] + this.lengths[entry])) & mask;
      while (table[slot] !== EMPTY) slot = (slot + 1) & mask;
      table[slot] = entry;
    }
    this.table = table;
  }
}

/** FNV-1a over UTF-16 code units, with a final mix so the low bits (the slot) depend on every character. */
function hash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h >>> 0;
}
