/**
 * The CSV export dialog (spec §2, §5, §8, §9): the 27 fields (name, full_address, phone and type ticked),
 * a country (codes fetched only while the dialog is open), categories picked from a searchable checklist
 * (at most 100 matches shown), the approval state, and a date filter with a custom range that needs both
 * dates. Dates follow the browser's own time zone.
 *
 * The file is a real browser download: a hidden <a download> navigates to the export URL, so the CSV
 * streams to disk and never into the page (a million rows would not fit). A navigation cannot tell the
 * page whether the server refused, so before it the query is checked here with the API's own schema and
 * then with a HEAD request, which the API validates (session, fields, filters, a free export slot)
 * without running the export. Only a refused probe asks for the error text (a small JSON body), which the
 * dialog shows in Turkish, with the server's own line under it, and stays open; no download starts.
 * docs/decisions.md, "CSV export dialog" and "Export refusals are said in the dialog".
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import {
  DEFAULT_EXPORT_FIELDS,
  EXPORT_APPROVALS,
  EXPORT_DATE_RANGES,
  EXPORT_FIELDS,
  ExportCsvQuery,
  type AdminCategoryCounts,
  type AdminCountryCodeCounts,
  type ExportApproval,
  type ExportDateRange,
  type ExportField,
} from '../../../../../common/api/admin.ts';
import { useApi } from '../../../lib/use-api.ts';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { useToast } from '../../components/toast.tsx';
import { useFormat } from '../../i18n/format.ts';
import { useMessages } from '../../i18n/language.tsx';
import { ADMIN_KEY, MINUTE } from '../../lib/query-client.ts';
import { exportMessages, type ExportRefusal } from './messages.ts';
import './export-dialog.css';

export const EXPORT_PATH = '/api/admin/export-csv';
/** Spec §9: the checklist shows at most 100 matches of a search, and the first 20 categories before one. */
export const MAX_SHOWN_CATEGORIES = 100;
export const FIRST_SHOWN_CATEGORIES = 20;

export function ExportDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const t = useMessages(exportMessages);
  return (
    <ModalDialog open={open} title={t.title} onClose={onClose} size="large" testId="export-dialog">
      <ExportForm onClose={onClose} />
    </ModalDialog>
  );
}

function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

interface ExportChoices {
  fields: ExportField[];
  countryCode: string;
  categories: string[];
  approval: ExportApproval;
  dateRange: ExportDateRange;
  startDate: string;
  endDate: string;
  timeZone: string;
}

/** The export URL for the choices; each category is its own parameter, so a name may hold a comma. */
export function exportUrl(choices: ExportChoices): string {
  const params = new URLSearchParams();
  params.set('fields', choices.fields.join(','));
  params.set('countryCode', choices.countryCode);
  for (const category of choices.categories) params.append('categories', category);
  // A single value would be split on commas by the API; a blank second one (dropped there) keeps it whole.
  if (choices.categories.length === 1 && choices.categories[0]!.includes(',')) params.append('categories', '');
  params.set('dateRange', choices.dateRange);
  if (choices.dateRange === 'custom') {
    params.set('startDate', choices.startDate);
    params.set('endDate', choices.endDate);
  }
  params.set('timeZone', choices.timeZone);
  params.set('approval', choices.approval);
  return `${EXPORT_PATH}?${params.toString()}`;
}

function readRetryAfter(response: Response): number | null {
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

/** The API's refusal of the probed export: its JSON `{ error, message }` asked for with a GET (a HEAD has no body). */
async function readRefusal(url: string, probe: Response): Promise<ExportRefusal> {
  const fallback: ExportRefusal = { status: probe.status, code: null, line: `${probe.status}: ${probe.statusText}`, retryAfterSeconds: readRetryAfter(probe) };
  const controller = new AbortController();
  try {
    const response = await fetch(url, { credentials: 'include', headers: { accept: 'application/json' }, signal: controller.signal });
    if (response.ok) {
      // Accepted this time: never read a CSV into the page.
      controller.abort();
      return fallback;
    }
    const text = await response.text();
    const refusal: ExportRefusal = { status: response.status, code: null, line: `${response.status}: ${text || response.statusText}`, retryAfterSeconds: readRetryAfter(response) ?? fallback.retryAfterSeconds };
    try {
      const body = JSON.parse(text) as { error?: unknown; message?: unknown; details?: Array<{ field?: unknown; message?: unknown }> };
      const details = Array.isArray(body.details) ? body.details.map((detail) => `${String(detail.field)} ${String(detail.message)}`).join('; ') : '';
      if (typeof body.error === 'string') refusal.code = body.error;
      if (typeof body.message === 'string') refusal.line = `${response.status}: ${body.message}${details && !body.message.includes(details) ? ` (${details})` : ''}`;
    } catch {
      // not JSON: the body text stays the line
    }
    return refusal;
  } catch {
    return fallback;
  }
}

function startDownload(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  // Empty: the browser keeps the server's file name (Content-Disposition).
  link.download = '';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

function ExportForm({ onClose }: { onClose(): void }) {
  const t = useMessages(exportMessages);
  const format = useFormat();
  const api = useApi();
  const toast = useToast();
  const ids = { fields: useId(), country: useId(), approval: useId(), search: useId(), range: useId(), start: useId(), end: useId(), categories: useId() };
  const timeZone = useMemo(browserTimeZone, []);

  const [fields, setFields] = useState<ExportField[]>([...DEFAULT_EXPORT_FIELDS]);
  const [countryCode, setCountryCode] = useState('all');
  const [approval, setApproval] = useState<ExportApproval>('all');
  const [categories, setCategories] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const [dateRange, setDateRange] = useState<ExportDateRange>('all');
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [busy, setBusy] = useState(false);
  /** Why the last export did not start: shown in the dialog until the next try. */
  const [failure, setFailure] = useState<{ text: string; line?: string } | null>(null);

  // Spec §7, §9: fetched only while the dialog is open (this form exists only then), kept 10 minutes.
  const countries = useQuery({
    queryKey: [ADMIN_KEY, 'country-codes'],
    queryFn: () => api.get<AdminCountryCodeCounts>('/api/admin/country-codes'),
    staleTime: 10 * MINUTE,
  });
  const categoryList = useQuery({
    queryKey: [ADMIN_KEY, 'categories'],
    queryFn: () => api.get<AdminCategoryCounts>('/api/admin/categories'),
    staleTime: 10 * MINUTE,
  });

  const query = search.trim().toLocaleLowerCase('tr');
  const matches = useMemo(() => {
    const all = categoryList.data?.categories ?? [];
    return query ? all.filter((entry) => entry.category.toLocaleLowerCase('tr').includes(query)) : all;
  }, [categoryList.data, query]);
  const shown = matches.slice(0, query ? MAX_SHOWN_CATEGORIES : FIRST_SHOWN_CATEGORIES);

  const customMissing = dateRange === 'custom' && (!startDate || !endDate);
  const customReversed = dateRange === 'custom' && !!startDate && !!endDate && startDate > endDate;
  const canExport = fields.length > 0 && !customMissing && !customReversed && !busy;

  const toggle = <T,>(list: T[], value: T, on: boolean) => (on ? [...list, value] : list.filter((item) => item !== value));

  async function runExport() {
    if (!canExport) return;
    setFailure(null);
    const choices: ExportChoices = {
      // The dialog's order, whatever order they were ticked in.
      fields: EXPORT_FIELDS.filter((field) => fields.includes(field)),
      countryCode,
      categories,
      approval,
      dateRange,
      startDate,
      endDate,
      timeZone,
    };
    // The API's own schema first: a refusal it would give is said here, with its reasons.
    const checked = ExportCsvQuery.safeParse({
      fields: choices.fields.join(','),
      countryCode,
      categories,
      approval,
      dateRange,
      startDate: dateRange === 'custom' ? startDate : undefined,
      endDate: dateRange === 'custom' ? endDate : undefined,
      timeZone,
    });
    if (!checked.success) {
      setFailure({ text: t.invalidChoices, line: checked.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ') });
      return;
    }
    const url = exportUrl(choices);
    setBusy(true);
    try {
      const probe = await fetch(api.baseUrl + url, { method: 'HEAD', credentials: 'include' });
      if (!probe.ok) {
        const refusal = await readRefusal(api.baseUrl + url, probe);
        setFailure({ text: t.refusal(refusal), line: refusal.line });
        return;
      }
      startDownload(api.baseUrl + url);
      toast({ title: t.success, description: t.successDetail, variant: 'success' });
      onClose();
    } catch (error) {
      setFailure({ text: t.unreachable, line: `${t.failedText}: ${error instanceof Error ? error.message : String(error)}` });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="export-form"
      onSubmit={(event) => {
        event.preventDefault();
        void runExport();
      }}
    >
      <fieldset className="export-fieldset">
        <legend>{t.fields}</legend>
        <div className="export-field-tools">
          <span className="admin-muted" data-testid="export-field-count">
            {t.fieldsSelected(fields.length, EXPORT_FIELDS.length)}
          </span>
          <button type="button" className="admin-button admin-button-small" onClick={() => setFields([...EXPORT_FIELDS])}>
            {t.selectAll}
          </button>
          <button type="button" className="admin-button admin-button-small" onClick={() => setFields([])}>
            {t.selectNone}
          </button>
        </div>
        <div className="export-field-grid">
          {EXPORT_FIELDS.map((field) => (
            <label key={field} className="admin-checkbox">
              <input type="checkbox" name="fields" value={field} checked={fields.includes(field)} onChange={(event) => setFields((list) => toggle(list, field, event.target.checked))} />
              <span>
                {t.fieldLabels[field]}
                {t.fieldLabels[field] !== field ? <code className="export-code"> {field}</code> : null}
              </span>
            </label>
          ))}
        </div>
        {fields.length === 0 ? (
          <p className="admin-field-error" role="alert">
            {t.noFields}
          </p>
        ) : null}
      </fieldset>

      <div className="export-filters">
        <div className="admin-field">
          <label htmlFor={ids.country}>{t.country}</label>
          <select id={ids.country} value={countryCode} onChange={(event) => setCountryCode(event.target.value)}>
            <option value="all">{t.allCountries}</option>
            {(countries.data?.countryCodes ?? []).map((entry) => (
              <option key={entry.countryCode} value={entry.countryCode}>
                {t.countryOption(format.country(entry.countryCode), format.number(entry.count))}
              </option>
            ))}
          </select>
          {countries.isError ? <span className="admin-field-error">{t.countriesFailed}</span> : null}
        </div>
        <div className="admin-field">
          <label htmlFor={ids.approval}>{t.approval}</label>
          <select id={ids.approval} value={approval} onChange={(event) => setApproval(event.target.value as ExportApproval)}>
            {EXPORT_APPROVALS.map((value) => (
              <option key={value} value={value}>
                {t.approvals[value]}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor={ids.range}>{t.dateRange}</label>
          <select id={ids.range} aria-describedby={`${ids.range}-hint`} value={dateRange} onChange={(event) => setDateRange(event.target.value as ExportDateRange)}>
            {EXPORT_DATE_RANGES.map((value) => (
              <option key={value} value={value}>
                {t.dateRanges[value]}
              </option>
            ))}
          </select>
          <span className="admin-field-hint" id={`${ids.range}-hint`}>{t.timeZone(timeZone)}</span>
        </div>
      </div>

      {dateRange === 'custom' ? (
        <div className="export-filters">
          <div className="admin-field">
            <label htmlFor={ids.start}>{t.startDate}</label>
            <input id={ids.start} type="date" required value={startDate} aria-invalid={customMissing && !startDate} onChange={(event) => setStartDate(event.target.value)} />
          </div>
          <div className="admin-field">
            <label htmlFor={ids.end}>{t.endDate}</label>
            <input id={ids.end} type="date" required value={endDate} aria-invalid={(customMissing && !endDate) || customReversed} onChange={(event) => setEndDate(event.target.value)} />
          </div>
          {customMissing ? <p className="admin-field-error export-wide">{t.datesRequired}</p> : null}
          {customReversed ? <p className="admin-field-error export-wide">{t.endBeforeStart}</p> : null}
        </div>
      ) : null}

      <fieldset className="export-fieldset">
        <legend>{t.categories}</legend>
        <div className="export-field-tools">
          <span className="admin-muted" data-testid="export-category-count">
            {t.categoriesSelected(categories.length)}
          </span>
          {categories.length ? (
            <button type="button" className="admin-button admin-button-small" onClick={() => setCategories([])}>
              {t.clearCategories}
            </button>
          ) : null}
        </div>
        <div className="admin-field">
          <label htmlFor={ids.search}>{t.categorySearch}</label>
          <input id={ids.search} type="search" value={search} autoComplete="off" onChange={(event) => setSearch(event.target.value)} />
        </div>
        {categoryList.isPending ? (
          <p className="admin-muted">{t.categoriesLoading}</p>
        ) : categoryList.isError ? (
          <p className="admin-field-error" role="alert">
            {t.categoriesFailed}
          </p>
        ) : shown.length === 0 ? (
          <div data-testid="export-no-category">
            <p className="admin-muted">{t.noCategories}</p>
            {query ? <p className="admin-muted">{t.noMatch(search.trim())}</p> : null}
          </div>
        ) : (
          <>
            <div className="export-category-list" id={ids.categories} data-testid="export-category-list">
              {shown.map((entry) => (
                <label key={entry.category} className="admin-checkbox">
                  <input
                    type="checkbox"
                    checked={categories.includes(entry.category)}
                    onChange={(event) => setCategories((list) => toggle(list, entry.category, event.target.checked))}
                  />
                  <span>
                    {entry.category} <span className="admin-muted">({format.number(entry.count)})</span>
                  </span>
                </label>
              ))}
            </div>
            {matches.length > shown.length ? (
              <p className="admin-muted" data-testid="export-category-more">
                {(query ? t.categoriesShown : t.categoriesFirst)(format.number(shown.length), format.number(matches.length))}
              </p>
            ) : null}
          </>
        )}
      </fieldset>

      {failure ? (
        <div className="export-error" role="alert" data-testid="export-error">
          <strong>{t.failure}</strong>
          <p>{failure.text}</p>
          {failure.line ? <p className="export-error-line">{failure.line}</p> : null}
        </div>
      ) : null}

      <div className="admin-dialog-actions">
        <button type="button" className="admin-button" onClick={onClose}>
          {t.cancel}
        </button>
        <button type="submit" className="admin-button admin-button-primary" disabled={!canExport}>
          {busy ? t.exporting : t.export}
        </button>
      </div>
    </form>
  );
}
