/** Opens the right reader for a file, decided by its content (detect-file-type.ts). */
import { openCsv } from './csv-reader.ts';
import { detectFileType } from './detect-file-type.ts';
import { openJson } from './json-reader.ts';
import type { FileType, RowSource } from './source-rows.ts';
import { openXls } from './xls-reader.ts';
import { openXlsx } from './xlsx-reader.ts';

export async function openRows(path: string, type?: FileType): Promise<RowSource & { type: FileType }> {
  const fileType = type ?? (await detectFileType(path));
  const source = fileType === 'csv' ? await openCsv(path) : fileType === 'xlsx' ? await openXlsx(path) : fileType === 'xls' ? await openXls(path) : await openJson(path);
  return Object.assign(source, { type: fileType });
}
