/**
 * The shared-string table of an .xlsx, stored as UTF-8 bytes rather than JS strings: cells refer to it by
 * index, so it must stay available while the sheet streams. As JS strings it costs 2-4x its text size
 * (and strings cut from parser chunks keep whole chunks alive); here it costs its UTF-8 size plus 12
 * bytes per entry. Beyond `memoryBudgetBytes` further entries go to a temporary file and are read back
 * with positioned reads, so a workbook with a huge table keeps the import's memory flat.
 */
import { closeSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

const CHUNK_BYTES = 4 * 1024 * 1024;
const ON_DISK = 0xffffffff;
const DISK_BLOCK_BYTES = 256 * 1024;
const CACHED_MAX_BYTES = 8 * 1024;
const CACHE_CHARS = 4 * 1024 * 1024;

export class StringTable {
  private readonly chunks: Buffer[] = [];
  private chunkUsed = CHUNK_BYTES;
  private count = 0;
  private chunkOf = new Uint32Array(1024);
  private offsets = new Float64Array(1024);
  private lengths = new Uint32Array(1024);
  private memoryBytes = 0;
  private file: { path: string; fd: number; size: number; pending: Buffer; pendingUsed: number } | null = null;
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

  push(text: string): void {
    if (this.count === this.lengths.length) this.grow();
    const bytes = Buffer.byteLength(text, 'utf8');
    const i = this.count++;
    this.lengths[i] = bytes;
    if (this.memoryBytes + bytes > this.memoryBudgetBytes) {
      this.pushToDisk(i, text, bytes);
      return;
    }
    if (this.chunkUsed + bytes > CHUNK_BYTES || this.chunks.length === 0) {
      this.chunks.push(Buffer.allocUnsafe(Math.max(CHUNK_BYTES, bytes)));
      this.chunkUsed = 0;
      this.memoryBytes += Math.max(CHUNK_BYTES, bytes);
    }
    const chunk = this.chunks[this.chunks.length - 1];
    chunk.write(text, this.chunkUsed, 'utf8');
    this.chunkOf[i] = this.chunks.length - 1;
    this.offsets[i] = this.chunkUsed;
    this.chunkUsed += bytes;
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
    const length = this.lengths[index];
    const chunk = this.chunkOf[index];
    if (chunk !== ON_DISK) return this.chunks[chunk].toString('utf8', this.offsets[index], this.offsets[index] + length);
    // Values repeat all over a sheet (cities, categories, whole hours and about texts): keep the ones read.
    let text = this.cached.get(index);
    if (text === undefined) {
      text = this.readFromDisk(this.offsets[index], length);
      if (length <= CACHED_MAX_BYTES) {
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
   * per cell, which was a quarter of a big workbook's import time). A text behind that block is a repeat
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
    this.chunks.length = 0;
  }

  private pushToDisk(i: number, text: string, bytes: number): void {
    if (!this.file) {
      const file = path.join(os.tmpdir(), `directory-sst-${randomBytes(6).toString('hex')}.bin`);
      this.file = { path: file, fd: openSync(file, 'w+', 0o600), size: 0, pending: Buffer.allocUnsafe(1024 * 1024), pendingUsed: 0 };
    }
    const file = this.file;
    this.chunkOf[i] = ON_DISK;
    this.offsets[i] = file.size;
    if (file.pendingUsed + bytes > file.pending.length) {
      writeSync(file.fd, file.pending, 0, file.pendingUsed);
      file.pendingUsed = 0;
    }
    if (bytes > file.pending.length) writeSync(file.fd, Buffer.from(text, 'utf8'));
    else {
      file.pending.write(text, file.pendingUsed, 'utf8');
      file.pendingUsed += bytes;
    }
    file.size += bytes;
  }

  private grow(): void {
    const size = this.lengths.length * 2;
    const chunkOf = new Uint32Array(size);
    chunkOf.set(this.chunkOf);
    const offsets = new Float64Array(size);
    offsets.set(this.offsets);
    const lengths = new Uint32Array(size);
    lengths.set(this.lengths);
    this.chunkOf = chunkOf;
    this.offsets = offsets;
    this.lengths = lengths;
  }
}
