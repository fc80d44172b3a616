/**
 * Streams one multipart upload to a temporary file (never into memory) with busboy, enforcing the
 * per-file limit while the bytes arrive. The caller must call `cleanup()` (it removes the temp dir).
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Request } from 'express';
import busboy from 'busboy';
import { AppError } from '../../../errors.ts';

export const MAX_UPLOAD_BYTES = 150 * 1024 * 1024;
/** An upload that sends nothing for this long is stopped with a 408 (Node's own limit is 5 minutes, with no body). */
export const UPLOAD_IDLE_MS = 60_000;

export interface ReceivedUpload {
  filePath: string;
  fileName: string;
  size: number;
  fields: Record<string, string>;
  cleanup(): Promise<void>;
}

/** The name shown in reports: the client's base name without control characters, at most 200 chars. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 200);
  return clean || 'upload';
}

export function tooLarge(fileName: string): AppError {
  // The spec's Turkish answer, with the heading its upload form shows above the message.
  return new AppError('too_large', `${fileName} - Maksimum dosya boyutu 150MB'dır`, undefined, { fields: { title: 'Dosya çok büyük' } });
}

/**
 * The server's own storage failed while keeping an upload (a full disk or quota, a file-size limit, an I/O
 * error): the server's fault, not the file's, so a 5xx that says nothing was imported.
 */
export function storageFailed(error: NodeJS.ErrnoException): AppError {
  if (error.code === 'ENOSPC' || error.code === 'EDQUOT' || error.code === 'EFBIG') {
    return new AppError('insufficient_storage', 'The server has no room to keep the upload for importing; nothing was imported. Tell the site administrator, then try again.');
  }
  return new AppError('storage_failed', `The server could not keep the upload for importing (${error.code ?? 'I/O error'}); nothing was imported. Tell the site administrator, then try again.`);
}

/**
 * The spec sends one file per request (the batch upload repeats the request with fileIndex and totalFiles),
 * so a second file is refused rather than quietly left out of the import.
 */
export function tooManyFiles(): AppError {
  return new AppError('too_many_files', 'Send one file per request (the batch upload sends each file in its own request with fileIndex and totalFiles).');
}

const UPLOAD_DIR_PREFIX = 'directory-upload-';

/**
 * Removes upload directories left in the temporary directory by a process that died while it imported
 * (each upload removes its own when done): those older than `olderThanMs`, far longer than any upload and
 * import of a 150 MB file takes, so another process's upload in progress is never touched. Returns how
 * many were removed.
 */
export async function removeAbandonedUploads(options: { olderThanMs?: number; now?: number; tmpDir?: string } = {}): Promise<number> {
  const tmpDir = options.tmpDir ?? os.tmpdir();
  const cutoff = (options.now ?? Date.now()) - (options.olderThanMs ?? 6 * 60 * 60 * 1000);
  let removed = 0;
  for (const name of await readdir(tmpDir).catch(() => [] as string[])) {
    if (!name.startsWith(UPLOAD_DIR_PREFIX)) continue;
    const dir = path.join(tmpDir, name);
    const info = await stat(dir).catch(() => null);
    if (!info?.isDirectory() || info.mtimeMs > cutoff) continue;
    await rm(dir, { recursive: true, force: true });
    removed++;
  }
  return removed;
}

/**
 * Receives the multipart field `file` (plus small text fields) into a temp file. Exactly one file part is
 * accepted: a second one, in any field, refuses the whole request.
 */
export async function receiveUpload(req: Request, options: { maxBytes?: number; idleMs?: number } = {}): Promise<ReceivedUpload> {
  const maxBytes = options.maxBytes ?? MAX_UPLOAD_BYTES;
  const idleMs = options.idleMs ?? UPLOAD_IDLE_MS;
  const contentType = req.headers['content-type'] ?? '';
  if (!/^multipart\/form-data/i.test(contentType)) {
    throw new AppError('unsupported_media_type', 'Send the file as multipart/form-data in the field "file".');
  }
  let dir: string;
  try {
    dir = await mkdtemp(path.join(os.tmpdir(), UPLOAD_DIR_PREFIX));
  } catch (error) {
    req.resume();
    throw storageFailed(error as NodeJS.ErrnoException);
  }
  const cleanup = () => rm(dir, { recursive: true, force: true });
  const filePath = path.join(dir, 'upload.bin');
  try {
    return await new Promise<ReceivedUpload>((resolve, reject) => {
      let parser: busboy.Busboy;
      try {
        parser = busboy({
          headers: req.headers,
          defParamCharset: 'utf8',
          // One byte over the limit, so a file of exactly the limit passes (busboy stops at the limit).
          limits: { files: 1, fileSize: maxBytes + 1, fields: 20, fieldSize: 1024, parts: 25, headerPairs: 100 },
        });
      } catch (error) {
        reject(new AppError('bad_request', `The upload is not valid multipart/form-data (${(error as Error).message}).`));
        return;
      }
      const fields: Record<string, string> = {};
      let fileName = '';
      let size = 0;
      let fileDone: Promise<void> | null = null;
      let tempFile: Writable | null = null;
      let failed = false;
      // A client that stops sending mid-body is told so after idleMs, in JSON, not left hanging.
      let idle: NodeJS.Timeout | undefined;
      const stalled = () => fail(new AppError('request_timeout', `The upload stalled: no data arrived for ${Math.round(idleMs / 1000)} seconds, so it was stopped and nothing was imported. Try again.`));
      const stillSending = () => {
        clearTimeout(idle);
        idle = setTimeout(stalled, idleMs);
        idle.unref();
      };
      stillSending();
      req.on('data', stillSending);
      req.on('end', () => clearTimeout(idle));
      const fail = (error: AppError) => {
        clearTimeout(idle);
        req.off('data', stillSending);
        if (failed) return;
        failed = true;
        req.unpipe(parser);
        // Keep reading (and discarding) the rest of the body so the client receives the JSON answer.
        req.resume();
        // Once unpiped, busboy gets no more bytes, so a file part may never end and its temp file would stay
        // open (the pipeline would never settle). Destroying the temp file's stream ends the pipeline; the
        // rejection waits for that, so the caller's cleanup() removes a closed file and nothing is written
        // into the directory after it is gone.
        tempFile?.destroy();
        void (fileDone ?? Promise.resolve()).then(() => reject(error));
      };
      parser.on('field', (name, value) => {
        fields[name] = value;
      });
      parser.on('file', (name, stream, info) => {
        if (failed || name !== 'file' || fileDone) {
          stream.resume();
          return;
        }
        fileName = cleanFileName(info.filename);
        // A body far larger than the limit is refused as soon as the file's name is known, without storing it.
        const declared = Number(req.headers['content-length'] ?? 0);
        if (declared > maxBytes + 1024 * 1024) {
          stream.resume();
          fileDone = Promise.resolve();
          fail(tooLarge(fileName));
          return;
        }
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length;
        });
        stream.on('limit', () => fail(tooLarge(fileName)));
        tempFile = createWriteStream(filePath);
        fileDone = pipeline(stream, tempFile).catch((error: NodeJS.ErrnoException) => {
          // Errors of the temp file carry the failed system call; the others come from the request's body.
          fail(error.syscall ? storageFailed(error) : new AppError('bad_request', `The upload could not be read to its end (${error.message}).`));
        });
      });
      // limits.files is 1: busboy skips any further file part and says so once, here.
      parser.on('filesLimit', () => fail(tooManyFiles()));
      parser.on('partsLimit', () => fail(new AppError('bad_request', 'The upload has too many parts.')));
      parser.on('fieldsLimit', () => fail(new AppError('bad_request', 'The upload has too many fields.')));
      parser.on('error', (error: Error) => fail(new AppError('bad_request', `The upload is not valid multipart/form-data (${error.message}).`)));
      parser.on('close', () => {
        if (failed) return;
        if (!fileDone) {
          fail(new AppError('bad_request', 'No file was uploaded: send it in the multipart field "file".'));
          return;
        }
        fileDone.then(() => {
          clearTimeout(idle);
          if (failed) return;
          if (size > maxBytes) fail(tooLarge(fileName));
          else resolve({ filePath, fileName, size, fields, cleanup });
        });
      });
      req.on('aborted', () => fail(new AppError('bad_request', 'The upload was aborted before it finished.')));
      req.pipe(parser);
    });
  } catch (error) {
    await cleanup();
    throw error;
  }
}
