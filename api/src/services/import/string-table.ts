/**
 * The shared-string table of an .xlsx, stored as UTF-8 bytes rather than JS strings: cells refer to it by
 * index, so it must stay available while the sheet streams. As JS strings it costs 2-4x its text size
 * (and strings cut from parser chunks keep whole chunks alive); here it costs its UTF-8 size plus 4 bytes
 * per entry. The entries are laid end to end in one logical byte space: its first `memoryBudgetBytes` in
 * memory, the rest in a temporary file read back with positioned reads, so a workbook with a huge table
 * (a 600k-row workbook has millions of entries) keeps the import's memory flat.
 */
import { closeSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

const DISK_BLOCK_BYTES = 256 * 1024;
const CACHED_MAX_BYTES = 8 * 1024;
const CACHE_CHARS = 2 * 1024 * 1024;
const WRITE_BUFFER_BYTES = 1024 * 1024;

export class StringTable {
  /** In-memory part of the byte space, grown by doubling up to the budget. */
  private memory = Buffer.allocUnsafe(64 * 1024);
  /** Logical offset where the file part starts (Infinity while everything fits in memory). */
  private spillFrom = Infinity;
  /** ends[i]: logical offset just past entry i (entry i starts where entry i - 1 ends). */
  private ends = new Uint32Array(4096);
  private count = 0;
  private used = 0;
  private file: { path: string; fd: number; pending: Buffer; pendingUsed: number } | null = null;
  private scratch = Buffer.allocUnsafe(4096);
  private readonly cached = new Map<number, string>();
  private cachedChars = 0;
  /** The read-ahead block of the spill file. */
  private ahead: { start: number; end: number; buffer: Buffer } | null = null;

  constructor(private readonly memoryBudgetBytes = 96 * 1024 * 1024) {}

  get size(): number {
    return this.count;
  }

  get spilled(): boolean {
    return this.file !== null;
  }

  /**
   * Adds an entry. `encoding` 'latin1' takes text whose chars are the entry's UTF-8 bytes, one per char
   * (what the XML scanner hands out in its bytes mode), and stores those bytes as they are.
   */
  push(text: string, encoding: 'utf8' | 'latin1' = 'utf8'): void {
    if (this.count === this.ends.length) {
      // x1.5, not x2: with millions of entries the spare capacity is memory too.
      const ends = new Uint32Array(Math.ceil(this.ends.length * 1.5));
      ends.set(this.ends);
      this.ends = ends;
    }
    const bytes = encoding === 'latin1' ? text.length : Buffer.byteLength(text, 'utf8');
    if (this.spillFrom === Infinity && this.used + bytes <= this.memoryBudgetBytes) {
      if (this.used + bytes > this.memory.length) {
        const memory = Buffer.allocUnsafe(Math.min(this.memoryBudgetBytes, Math.max(this.memory.length * 2, this.used + bytes)));
        this.memory.copy(memory, 0, 0, this.used);
        this.memory = memory;
      }
      this.memory.write(text, this.used, encoding);
    } else {
      if (this.spillFrom === Infinity) this.spillFrom = this.used;
      this.pushToDisk(text, bytes, encoding);
    }
    this.used += bytes;
    this.ends[this.count++] = this.used;
  }

  /** Call once every entry is pushed (flushes the spill file). */
  finish(): void {
    if (this.file && this.file.pendingUsed) {
      writeSync(this.file.fd, this.file.pending, 0, this.file.pendingUsed);
      this.file.pendingUsed = 0;
    }
  }

  get(index: number): string | undefined {
    if (!(index >= 0 && index < this.count)) return undefined;
    const start = index === 0 ? 0 : this.ends[index - 1];
    const end = this.ends[index];
    if (end <= this.spillFrom) return this.memory.toString('utf8', start, end);
    // Values repeat all over a sheet (cities, categories, hours): a value read again, from behind the
    // read-ahead block, is kept (each such read is a system call). A first read comes from the block
    // and is not kept: most are unique (names, addresses, about texts), and keeping them pushed the
    // repeated ones out (a profile of a 200k-row workbook: 17% of the read in those system calls).
    let text = this.cached.get(index);
    if (text === undefined) {
      const offset = start - this.spillFrom;
      const repeat = this.ahead !== null && offset < this.ahead.start;
      text = this.readFromDisk(offset, end - start);
      if (repeat && end - start <= CACHED_MAX_BYTES) {
        if (this.cachedChars + text.length > CACHE_CHARS) {
          this.cached.clear();
          this.cachedChars = 0;
        }
        this.cached.set(index, text);
        this.cachedChars += text.length;
      }
    }
    return text;
  }

  /**
   * A sheet's new strings enter the table as its rows go, so first reads of spilled texts move forward
   * through the spill file: they are served from one read-ahead block (one read per block instead of one
   * per cell was a quarter of a 200k-row workbook's parse time in a CPU profile). A text behind that block is a repeat
   * of an older value: one exact read (and the cache in get keeps it).
   */
  private readFromDisk(offset: number, length: number): string {
    let block = this.ahead;
    if (!block || offset < block.start || offset + length > block.end) {
      if (block && offset < block.start) {
        if (this.scratch.length < length) this.scratch = Buffer.allocUnsafe(length);
        readSync(this.file!.fd, this.scratch, 0, length, offset);
        return this.scratch.toString('utf8', 0, length);
      }
      const size = Math.max(DISK_BLOCK_BYTES, length);
      const buffer = block && block.buffer.length >= size ? block.buffer : Buffer.allocUnsafe(size);
      block = this.ahead = { start: offset, end: offset + readSync(this.file!.fd, buffer, 0, size, offset), buffer };
    }
    return block.buffer.toString('utf8', offset - block.start, offset - block.start + length);
  }

  close(): void {
    if (this.file) {
      closeSync(this.file.fd);
      rmSync(this.file.path, { force: true });
      this.file = null;
    }
    this.memory = Buffer.alloc(0);
    this.ends = new Uint32Array(0);
    this.count = 0;
    this.cached.clear();
    this.ahead = null;
  }

  private pushToDisk(text: string, bytes: number, encoding: 'utf8' | 'latin1'): void {
    if (!this.file) {
      const file = path.join(os.tmpdir(), `directory-sst-${randomBytes(6).toString('hex')}.bin`);
      this.file = { path: file, fd: openSync(file, 'w+', 0o600), pending: Buffer.allocUnsafe(WRITE_BUFFER_BYTES), pendingUsed: 0 };
    }
    const file = this.file;
    if (file.pendingUsed + bytes > file.pending.length) {
      writeSync(file.fd, file.pending, 0, file.pendingUsed);
      file.pendingUsed = 0;
    }
    if (bytes > file.pending.length) writeSync(file.fd, Buffer.from(text, encoding));
    else {
      file.pending.write(text, file.pendingUsed, encoding);
      file.pendingUsed += bytes;
    }
  }
}
