import { AppError } from '../../errors.ts';

/**
 * Refuses (413, every offender named in `details`) any text in `values` longer than `maxBytes` in UTF-8,
 * the size that is stored and sent to every visitor: a limit in characters would let 50 K characters of
 * Turkish or emoji through at two to four times the bytes.
 */
export function assertSnippetSizes(values: Readonly<Record<string, string | undefined>>, options: { maxBytes: number; what: string }): void {
  const limit = `${options.maxBytes.toLocaleString('en-US')} bytes (${options.maxBytes / 1024} KB)`;
  const tooLarge = Object.entries(values)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([field, text]) => ({ field, bytes: Buffer.byteLength(text, 'utf8') }))
    .filter((entry) => entry.bytes > options.maxBytes)
    .map((entry) => ({ ...entry, maxBytes: options.maxBytes, message: `is ${entry.bytes.toLocaleString('en-US')} bytes; ${options.what} holds at most ${limit}` }));
  if (tooLarge.length === 0) return;
  const first = tooLarge[0];
  throw new AppError('payload_too_large', `"${first.field}" ${first.message}.`, tooLarge);
}
