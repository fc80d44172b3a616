/**
 * Turns the sheets of a workbook into one RowSource. Policy for several sheets (documented in
 * docs/decisions.md): the first sheet whose first non-blank row has a business name column defines the
 * header (a sheet of instructions before it is skipped, and named); every later sheet
 * whose header row is the same (same texts, same order) is read too, in workbook order, as exports split
 * by category do (the Yellow Pages .xls: one sheet per search category); headers are compared without
 * case and without empty cells at their end. A sheet with a different header is skipped, and the report's message names it with its row count and how its header differs; a
 * header-only or empty sheet adds no rows.
 */
import { hasNameColumn, isTitleRow, MAX_TITLE_ROWS } from './columns.ts';
import { ImportFileError, isBlankRow, uniqueHeaders, type RowSource, type SourceRow } from './source-rows.ts';

export type SheetEvent = { kind: 'sheet'; name: string } | { kind: 'row'; rowNumber: number; values: string[]; uncomputed?: number[] };

/** `events` yields chunks of sheet events in workbook order. */
export async function sheetRowSource(events: AsyncIterator<SheetEvent[]>, sheetCount: number, fraction: () => number): Promise<RowSource> {
  const sheets: RowSource['sheets'] = [];
  let headers: string[] | null = null;
  // The first sheet's header as compared, and how many of its cells that is (headerKeyOf).
  let firstHeader: { key: string; width: number } | null = null;
  let firstCandidate: string[] | undefined;
  let current: RowSource['sheets'][number] | null = null;
  let state: 'header' | 'rows' | 'skip' = 'header';
  const multi = sheetCount > 1;

  // Rows that may be a title above the header: kept until a header row follows them (then they are
  // looked past), or until it is clear none does (then they are read as before: the first is the header).
  let titles: Array<Extract<SheetEvent, { kind: 'row' }>> = [];

  const handleRow = (event: Extract<SheetEvent, { kind: 'row' }>, out: SourceRow[], lookPastTitles: boolean): void => {
    if (!current || isBlankRow(event.values)) return;
    if (state === 'header') {
      const sheetHeaders = uniqueHeaders(event.values);
      const compared = headerKeyOf(event.values);
      // A header this sheet can be read by: the first sheet's needs a name column, a later one the first's texts.
      const fits = headers ? compared.key === firstHeader!.key : hasNameColumn(sheetHeaders);
      if (lookPastTitles) {
        if (!fits && titles.length < MAX_TITLE_ROWS && isTitleRow(event.values)) {
          titles.push(event);
          return;
        }
        if (fits && titles.length > 0) {
          current.headerRow = event.rowNumber;
          titles = [];
        } else if (titles.length > 0) {
          replayTitles(out);
          handleRow(event, out, false);
          return;
        }
      }
      if (!headers && !fits) {
        // A first sheet of instructions ("This export was made by ..."): the data is on a later sheet.
        // If no sheet has a name column, the first one's header is the one the error names.
        firstCandidate ??= sheetHeaders;
        state = 'skip';
        current.skipped = 'it has no business name column';
        return;
      }
      if (!headers) {
        headers = sheetHeaders;
        firstHeader = compared;
        state = 'rows';
      } else if (fits) {
        state = 'rows';
      } else {
        state = 'skip';
        current.skipped = `its header row differs from the first sheet's${headerDifference(headers.slice(0, firstHeader!.width), sheetHeaders.slice(0, compared.width))}`;
      }
      return;
    }
    if (state === 'skip') {
      // Counted, so the report can say how many rows of the file were left out.
      current.rows++;
      return;
    }
    current.rows++;
    out.push({ rowNumber: event.rowNumber, sheet: multi ? current.name : undefined, values: event.values, ...(event.uncomputed ? { uncomputed: event.uncomputed } : {}) });
  };

  /** No header came after the rows kept as possible titles: they are read as they were, the first as the header. */
  const replayTitles = (out: SourceRow[]): void => {
    const kept = titles;
    titles = [];
    for (const event of kept) handleRow(event, out, false);
  };

  const handle = (chunk: SheetEvent[], final = false): SourceRow[] => {
    const out: SourceRow[] = [];
    for (const event of chunk) {
      if (event.kind === 'sheet') {
        replayTitles(out);
        current = { name: event.name, rows: 0 };
        sheets.push(current);
        state = 'header';
        continue;
      }
      handleRow(event, out, true);
    }
    if (final) replayTitles(out);
    return out;
  };

  // Pulls chunks until the first header row is known (rows after it are kept, not lost).
  const first: SourceRow[] = [];
  while (!headers) {
    const next = await events.next();
    if (next.done) {
      first.push(...handle([], true));
      if (headers) break;
      if (firstCandidate) {
        headers = firstCandidate;
        break;
      }
      throw new ImportFileError('empty', 'The workbook has no header row (every sheet is empty).');
    }
    first.push(...handle(next.value));
  }
  async function* rows(): AsyncGenerator<SourceRow[]> {
    try {
      if (first.length) yield first.splice(0);
      for (;;) {
        const next = await events.next();
        if (next.done) {
          const tail = handle([], true);
          if (tail.length) yield tail;
          break;
        }
        const chunk = handle(next.value);
        if (chunk.length) yield chunk;
      }
      for (const sheet of sheets) if (sheet.rows === 0 && !sheet.skipped) sheet.skipped = 'no data rows';
    } finally {
      await events.return?.(undefined);
    }
  }
  return { headers: headers!, sheets, rows: rows(), close: async () => void (await events.return?.(undefined)), fraction };
}

/** " (it adds phone; it lacks rating)", or " (the same columns in another order)". */
function headerDifference(first: string[], other: string[]): string {
  const key = (header: string) => header.trim().toLowerCase();
  const firstKeys = new Set(first.map(key));
  const otherKeys = new Set(other.map(key));
  const list = (headers: string[]) => (headers.length > 5 ? `${headers.slice(0, 5).join(', ')} and ${headers.length - 5} more` : headers.join(', '));
  const added = other.filter((header) => !firstKeys.has(key(header)));
  const lacking = first.filter((header) => !otherKeys.has(key(header)));
  const parts = [...(added.length ? [`it adds ${list(added)}`] : []), ...(lacking.length ? [`it lacks ${list(lacking)}`] : [])];
  return parts.length ? ` (${parts.join('; ')})` : ' (the same columns in another order)';
}

/**
 * What two sheets' headers are compared by: the texts without case or surrounding spaces, and without the
 * empty cells that end a row (a header row formatted a few columns past its last title has them).
 */
function headerKeyOf(values: string[]): { key: string; width: number } {
  const texts = values.map((value) => value.trim().toLowerCase());
  while (texts.length > 1 && texts[texts.length - 1] === '') texts.pop();
  return { key: texts.join('\u0000'), width: texts.length };
}
