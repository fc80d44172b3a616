/**
 * /admin/upload (spec §2, §4, §5, §8, §9): several .xlsx/.xls/.csv files, each checked for 150 MB before
 * it is sent, the batch size and import mode, a choice to hold new businesses for review; files sent one
 * after another with 25 ms between them, a live progress bar from the WebSocket, a report per file and
 * the overall outcome. A failed file is recorded as 'Upload failed for {file}: {body}', with the counts its
 * answer carries (rows imported before it stopped, where it stopped), and the next one is sent.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type DragEvent } from 'react';
import { BATCH_SIZES, IMPORT_MODES, UploadResult, type BatchSize, type ImportMode } from '../../../../common/api/admin.ts';
import { ApiError } from '../../api/client.ts';
import { useApi } from '../../lib/use-api.ts';
import { useToast } from '../components/toast.tsx';
import { useFormat } from '../i18n/format.ts';
import { useMessages } from '../i18n/language.tsx';
import { ADMIN_KEY } from '../lib/query-client.ts';
import { usePageTitle } from '../lib/use-page-title.ts';
import { uploadMessages } from './messages.ts';
import { downloadTemplate } from './sample-template.ts';
import { UploadReport, type ReportData } from './upload-report.tsx';
import { fileFraction, useImportProgress } from './use-import-progress.ts';
import './upload.css';

/** Spec §9: 150 MB per file. */
export const MAX_FILE_BYTES = 150 * 1024 * 1024;
/** Spec §4, §9: the pause between two files. */
const PAUSE_BETWEEN_FILES_MS = 25;
const ACCEPTED = /\.(xlsx|xls|csv)$/i;
const ACCEPT_ATTRIBUTE = '.xlsx,.xls,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel,text/csv';

interface FileOutcome {
  fileName: string;
  /** The import's result: a success's answer, or the counts a failed import's answer carries beside its message. */
  result?: ReportData;
  failure?: string;
}

/**
 * The counts of a failed file's answer: the API sends the import's result with `error` and `message`
 * (rows imported before it stopped, the row where it stopped...). Absent when the file was refused before
 * any import ran (no counts in the answer).
 */
function failedImportResult(error: unknown): ReportData | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const parsed = UploadResult.partial().safeParse(error.body);
  if (!parsed.success) return undefined;
  const { success, totalRows, successCount, errorCount, skippedCount } = parsed.data;
  if (totalRows === undefined || successCount === undefined || errorCount === undefined || skippedCount === undefined) return undefined;
  return { ...parsed.data, success: success ?? false, totalRows, successCount, errorCount, skippedCount };
}

type Outcome = { kind: 'all' } | { kind: 'partial'; ok: number; total: number } | { kind: 'none' };

const wait = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

export function UploadPage() {
  const t = useMessages(uploadMessages);
  const format = useFormat();
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  usePageTitle(t.title);
  const ids = { input: useId(), batch: useId(), mode: useId(), hold: useId() };
  const inputRef = useRef<HTMLInputElement>(null);

  const [files, setFiles] = useState<File[]>([]);
  const [refused, setRefused] = useState<string[]>([]);
  const [batchSize, setBatchSize] = useState<BatchSize>(500);
  const [mode, setMode] = useState<ImportMode>('upsert');
  const [holdForReview, setHoldForReview] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [current, setCurrent] = useState<{ index: number; total: number; fileName: string } | null>(null);
  const [outcomes, setOutcomes] = useState<FileOutcome[]>([]);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const progress = useImportProgress();

  function addFiles(list: FileList | File[]) {
    const accepted: File[] = [];
    const problems: string[] = [];
    let lastToast: { title: string; description: string } | null = null;
    for (const file of Array.from(list)) {
      if (!ACCEPTED.test(file.name)) {
        const description = t.wrongType(file.name);
        problems.push(description);
        lastToast = { title: t.wrongTypeTitle, description };
      } else if (file.size > MAX_FILE_BYTES) {
        const description = t.tooLarge(file.name);
        problems.push(description);
        lastToast = { title: t.tooLargeTitle, description };
      } else if (files.some((known) => known.name === file.name && known.size === file.size) || accepted.some((known) => known.name === file.name && known.size === file.size)) {
        problems.push(t.duplicateFile(file.name));
      } else {
        accepted.push(file);
      }
    }
    setRefused(problems);
    if (lastToast) toast({ ...lastToast, variant: 'error' });
    if (accepted.length) setFiles((known) => [...known, ...accepted]);
  }

  async function upload() {
    if (!files.length || uploading) return;
    const sending = files;
    const total = sending.length;
    setUploading(true);
    setOutcomes([]);
    setOutcome(null);
    highest.current = 0;
    progress.reset();
    progress.open();
    const done: FileOutcome[] = [];
    try {
      for (let index = 0; index < total; index++) {
        const file = sending[index]!;
        setCurrent({ index, total, fileName: file.name });
        const form = new FormData();
        form.append('batchSize', String(batchSize));
        form.append('mode', mode);
        form.append('holdForReview', String(holdForReview));
        form.append('fileIndex', String(index));
        form.append('totalFiles', String(total));
        form.append('file', file, file.name);
        try {
          const result = await api.upload<UploadResult>('/api/upload-excel-batch', form);
          done.push({ fileName: file.name, result });
        } catch (error) {
          const body = error instanceof ApiError ? error.detail || error.statusText : error instanceof Error ? error.message : String(error);
          // The API's message names the file too ("noname.csv: no name column"): the line names it once.
          const reason = body.startsWith(`${file.name}: `) ? body.slice(file.name.length + 2) : body;
          done.push({ fileName: file.name, failure: t.uploadFailed(file.name, reason), result: failedImportResult(error) });
        }
        setOutcomes([...done]);
        if (index < total - 1) await wait(PAUSE_BETWEEN_FILES_MS);
      }
    } finally {
      progress.close();
      setUploading(false);
      setCurrent(null);
      setFiles([]);
      if (inputRef.current) inputRef.current.value = '';
    }
    const ok = done.filter((entry) => !entry.failure && entry.result?.success).length;
    const next: Outcome = ok === total ? { kind: 'all' } : ok > 0 ? { kind: 'partial', ok, total } : { kind: 'none' };
    setOutcome(next);
    if (next.kind === 'all') toast({ title: t.allSucceeded, variant: 'success' });
    else if (next.kind === 'partial') toast({ title: t.partialTitle, description: t.partial(next.ok, next.total), variant: 'info' });
    else toast({ title: t.failedTitle, description: t.failedAll, variant: 'error' });
    // The import changed counts, the list, the categories, the countries and the stored reports.
    for (const key of ['stats', 'dashboard', 'businesses', 'upload-reports', 'categories', 'country-codes']) {
      void queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, key] });
    }
  }

  const live = current && progress.latest && progress.latest.file === current.fileName ? progress.latest : null;
  const estimate = current ? Math.round(((current.index + fileFraction(live)) / current.total) * 100) : outcome ? 100 : 0;
  // The estimate from the time left can dip; the bar never goes back within a run.
  const highest = useRef(0);
  if (!current && !outcome) highest.current = 0;
  highest.current = Math.max(highest.current, estimate);
  const overall = current || outcome ? highest.current : 0;

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    if (!uploading && event.dataTransfer.files.length) addFiles(event.dataTransfer.files);
  }

  return (
    <section className="admin-page upload-page">
      <header className="admin-page-header">
        <div>
          <h1>{t.title}</h1>
          <p>{t.intro}</p>
        </div>
      </header>

      <div className="upload-layout">
        <section className="admin-card upload-files" aria-labelledby={`${ids.input}-heading`}>
          <h2 id={`${ids.input}-heading`}>{t.filesHeading}</h2>
          <div
            className={`upload-dropzone${dragging ? ' is-dragging' : ''}`}
            data-testid="upload-dropzone"
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
          >
            <p>{t.dropHint}</p>
            <input
              ref={inputRef}
              id={ids.input}
              className="upload-input"
              type="file"
              multiple
              accept={ACCEPT_ATTRIBUTE}
              aria-label={t.fileInputLabel}
              disabled={uploading}
              onChange={(event) => {
                if (event.target.files) addFiles(event.target.files);
                event.target.value = '';
              }}
            />
            <label className="admin-button admin-button-primary upload-choose" htmlFor={ids.input}>
              {t.chooseFiles}
            </label>
          </div>
          {refused.length ? (
            <ul className="upload-refused" role="alert" data-testid="upload-refused">
              {refused.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : null}
          {files.length ? (
            <ul className="upload-file-list" data-testid="upload-file-list">
              {files.map((file, index) => (
                <li key={`${file.name}-${file.size}-${index}`}>
                  <span className="upload-file-name">{file.name}</span>
                  <span className="admin-muted">{format.bytes(file.size)}</span>
                  <button
                    type="button"
                    className="admin-icon-button"
                    aria-label={t.remove(file.name)}
                    disabled={uploading}
                    onClick={() => setFiles((known) => known.filter((_, at) => at !== index))}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="admin-muted">{t.noFiles}</p>
          )}
        </section>

        <section className="admin-card upload-options" aria-labelledby={`${ids.batch}-heading`}>
          <h2 id={`${ids.batch}-heading`}>{t.optionsHeading}</h2>
          <div className="admin-form">
            <div className="admin-field">
              <label htmlFor={ids.batch}>{t.batchSize}</label>
              <select id={ids.batch} aria-describedby={`${ids.batch}-hint`} value={batchSize} disabled={uploading} onChange={(event) => setBatchSize(Number(event.target.value) as BatchSize)}>
                {BATCH_SIZES.map((size) => (
                  <option key={size} value={size}>
                    {t.batchSizeOption(format.number(size))}
                  </option>
                ))}
              </select>
              <span className="admin-field-hint" id={`${ids.batch}-hint`}>{t.batchSizeHint}</span>
            </div>
            <div className="admin-field">
              <label htmlFor={ids.mode}>{t.mode}</label>
              <select id={ids.mode} value={mode} disabled={uploading} onChange={(event) => setMode(event.target.value as ImportMode)}>
                {IMPORT_MODES.map((value) => (
                  <option key={value} value={value}>
                    {t.modes[value]}
                  </option>
                ))}
              </select>
            </div>
            <label className="admin-checkbox" htmlFor={ids.hold}>
              <input id={ids.hold} type="checkbox" checked={holdForReview} disabled={uploading} onChange={(event) => setHoldForReview(event.target.checked)} />
              {t.holdForReview}
            </label>
            <button type="button" className="admin-button admin-button-primary" disabled={!files.length || uploading} onClick={() => void upload()}>
              {uploading ? t.uploading : t.start}
            </button>
          </div>
        </section>

        <section className="admin-card upload-template">
          <h2>{t.templateHeading}</h2>
          <p className="admin-muted">{t.templateText}</p>
          <button type="button" className="admin-button" onClick={downloadTemplate}>
            {t.templateDownload}
          </button>
        </section>
      </div>

      {current || outcome ? (
        <section className="admin-card upload-progress" aria-labelledby={`${ids.hold}-progress`}>
          <h2 id={`${ids.hold}-progress`}>{t.progressHeading}</h2>
          <div className="upload-progress-line">
            <span className="upload-counter" data-testid="upload-counter">
              {current ? t.fileCounter(current.index + 1, current.total) : t.fileCounter(outcomes.length, outcomes.length)}
            </span>
            {current ? <span className="upload-file-name">{t.currentFile(current.fileName)}</span> : null}
          </div>
          <div
            className="upload-bar"
            role="progressbar"
            aria-label={t.progressLabel}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={overall}
            data-testid="upload-bar"
          >
            <div className="upload-bar-fill" style={{ width: `${overall}%` }} />
          </div>
          {current ? (
            <p className="upload-live admin-muted" aria-live="polite">
              {live ? (
                <>
                  <span>{t.rowsRead(format.number(live.rowsRead))}</span>
                  <span>{t.rowsPerSecond(format.number(live.rowsPerSecond))}</span>
                  {live.etaSeconds !== null ? <span>{t.eta(format.duration(live.etaSeconds))}</span> : null}
                </>
              ) : (
                <span>{t.waitingForServer}</span>
              )}
            </p>
          ) : null}
          {outcome ? (
            <div
              className={`upload-outcome upload-outcome-${outcome.kind}`}
              data-testid="upload-outcome"
              role={outcome.kind === 'none' ? 'alert' : 'status'}
            >
              {outcome.kind === 'all' ? (
                <strong>{t.allSucceeded}</strong>
              ) : outcome.kind === 'partial' ? (
                <>
                  <strong>{t.partialTitle}</strong> <span>{t.partial(outcome.ok, outcome.total)}</span>
                </>
              ) : (
                <>
                  <strong>{t.failedTitle}</strong> <span>{t.failedAll}</span>
                </>
              )}
            </div>
          ) : null}
        </section>
      ) : null}

      {outcomes.length ? (
        <section className="upload-results" aria-label={t.resultsHeading}>
          <h2>{t.resultsHeading}</h2>
          {outcomes.map((entry, index) => (
            <UploadReport key={`${entry.fileName}-${index}`} fileName={entry.fileName} report={entry.result} failure={entry.failure} />
          ))}
        </section>
      ) : null}
    </section>
  );
}
