/**
 * One file's import report (spec §2 upload, §3 batch upload result, §8): counts, the column report
 * 'N/23', the duplicate analysis, the first 5 repeated rows and the first 5 errors, then '... and N more'.
 * The upload screen shows it for each file sent; the reports screen for each stored report.
 */
import type { UploadResult } from '../../../../common/api/admin.ts';
import { useFormat } from '../i18n/format.ts';
import { useMessages } from '../i18n/language.tsx';
import { reportMessages } from './messages.ts';

/** How many repeated rows and errors a report lists before '... and N more' (spec §8). */
export const LISTED = 5;
/** The spec's column report is out of 23 (the importable columns of the full business). */
const KNOWN_COLUMNS = 23;

export type ReportData = Partial<UploadResult> & Pick<UploadResult, 'success' | 'totalRows' | 'successCount' | 'errorCount' | 'skippedCount'>;

export interface UploadReportProps {
  fileName: string;
  /** The import's result (a failed import's too, with the rows it imported before it stopped); absent when the file was refused before any import ran. */
  report?: ReportData;
  /** 'Upload failed for {file}: {body}' of a failed file. */
  failure?: string;
}

export function UploadReport({ fileName, report, failure }: UploadReportProps) {
  const t = useMessages(reportMessages);
  const format = useFormat();
  const ok = !failure && report?.success === true;
  // The spec's single-file wording: rows imported despite the failure are a partial success (default style).
  const partial = !ok && !!report && report.successCount > 0;
  // A failed file that imported nothing: its line says why; a block of zero counts would say nothing more.
  const counted = report && !(failure && report.successCount === 0) ? report : undefined;
  const stoppedAtRow = report?.stoppedAtRow ?? null;
  const columns = report?.columnExtraction;
  const duplicates = report?.duplicateAnalysis;
  const repeated = duplicates?.excelDuplicateRecords ?? [];
  const repeatedCount = duplicates?.excelDuplicateCount ?? repeated.length;
  const errors = report?.errors ?? [];
  const columnTotal = columns ? columns.successful.length + columns.missing.length || KNOWN_COLUMNS : KNOWN_COLUMNS;
  return (
    <article className="upload-report" data-testid="upload-report" aria-label={fileName}>
      <header className="upload-report-head">
        <h3>{fileName}</h3>
        <span className={`admin-chip ${ok ? 'admin-chip-success' : partial ? '' : 'admin-chip-danger'}`} data-testid="report-status">
          {ok ? t.succeeded : partial ? t.partial : t.failed}
        </span>
      </header>
      {failure ? (
        <p className="upload-report-failure" role="alert">
          {failure}
        </p>
      ) : null}
      {!ok && report && (stoppedAtRow !== null || report.successCount > 0) ? (
        <p className="upload-report-stopped" data-testid="report-stopped">
          {stoppedAtRow !== null ? t.stoppedAt(format.number(stoppedAtRow), format.number(report.successCount)) : t.keptAfterFailure(format.number(report.successCount))}
        </p>
      ) : null}
      {/* A failure's line above already carries the server's message. */}
      {report?.message && !failure ? <p className="upload-report-message">{report.message}</p> : null}
      {counted ? (
        <dl className="upload-report-counts">
          <div>
            <dt>{t.totalRows}</dt>
            <dd data-testid="report-total">{format.number(counted.totalRows)}</dd>
          </div>
          <div>
            <dt>{t.imported}</dt>
            <dd data-testid="report-success">{format.number(counted.successCount)}</dd>
            {counted.results ? (
              <dd className="upload-report-note">{t.importedDetail(format.number(counted.results.inserted), format.number(counted.results.updated), format.number(counted.results.unchanged))}</dd>
            ) : null}
          </div>
          <div>
            <dt>{t.skipped}</dt>
            <dd data-testid="report-skipped">{format.number(counted.skippedCount)}</dd>
          </div>
          <div>
            <dt>{t.errors}</dt>
            <dd data-testid="report-errors">{format.number(counted.errorCount)}</dd>
          </div>
          {counted.summary ? (
            <>
              <div>
                <dt>{t.fileSize}</dt>
                <dd>{format.number(counted.summary.fileSizeMB, 2)} MB</dd>
              </div>
              <div>
                <dt>{t.duration}</dt>
                <dd>{t.seconds(format.number(counted.summary.processingTimeSeconds, 2))}</dd>
              </div>
            </>
          ) : null}
        </dl>
      ) : null}
      {columns ? (
        <section className="upload-report-section">
          <h4>
            {t.columnReport}: <span data-testid="column-report">{t.columnsFound(columns.extractedCount, columnTotal)}</span>
          </h4>
          {columns.missing.length ? <p className="admin-muted">{t.columnsMissing(columns.missing.join(', '))}</p> : null}
        </section>
      ) : null}
      {duplicates && counted ? (
        <section className="upload-report-section">
          <h4>{t.duplicateAnalysis}</h4>
          <dl className="upload-report-counts">
            <div>
              <dt>{t.recordsWithPlaceId}</dt>
              <dd>{format.number(duplicates.recordsWithPlaceId)}</dd>
            </div>
            <div>
              <dt>{t.uniquePlaceIds}</dt>
              <dd>{format.number(duplicates.uniquePlaceIds)}</dd>
            </div>
            <div>
              <dt>{t.databaseDuplicates}</dt>
              <dd data-testid="report-database-duplicates">
                {format.number(duplicates.databaseDuplicateCount)} ({format.percent(duplicates.databaseDuplicateRate / 100, 2)})
              </dd>
            </div>
            <div>
              <dt>{t.newPlaceIds}</dt>
              <dd data-testid="report-new-place-ids">
                {format.number(duplicates.newPlaceIdCount)} ({format.percent(duplicates.newPlaceIdRate / 100, 2)})
              </dd>
            </div>
            <div>
              <dt>{t.fileDuplicates}</dt>
              <dd data-testid="report-file-duplicates">{format.number(repeatedCount)}</dd>
            </div>
            <div>
              <dt>{t.duplicateRate}</dt>
              <dd>{format.percent(duplicates.duplicateRate / 100, 2)}</dd>
            </div>
          </dl>
          {repeated.length ? (
            <>
              <h5>{t.firstDuplicates}</h5>
              <ul className="upload-report-list" data-testid="report-duplicate-list">
                {repeated.slice(0, LISTED).map((record) => (
                  <li key={`${record.sheet ?? ''}-${record.row}`}>{t.duplicateLine(record.row, record.name, record.placeId ?? '', record.firstRow)}</li>
                ))}
                {repeatedCount > LISTED ? <li className="admin-muted">{t.andMore(format.number(repeatedCount - LISTED))}</li> : null}
              </ul>
            </>
          ) : null}
        </section>
      ) : null}
      {errors.length ? (
        <section className="upload-report-section">
          <h4>{t.firstErrors}</h4>
          <ul className="upload-report-list" data-testid="report-error-list">
            {errors.slice(0, LISTED).map((error, index) => (
              <li key={index}>{error}</li>
            ))}
            {(report?.errorCount ?? errors.length) > LISTED ? <li className="admin-muted">{t.andMore(format.number((report?.errorCount ?? errors.length) - LISTED))}</li> : null}
          </ul>
        </section>
      ) : null}
    </article>
  );
}
