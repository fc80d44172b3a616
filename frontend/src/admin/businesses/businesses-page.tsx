/**
 * /admin/businesses (admin-side §2 "Business management"): live summary cards, name search, a category
 * combobox over every category, approval and country filters, sort buttons, 20 per page, all in the URL;
 * the table with approve, edit and delete per row, bulk actions on the selected rows or on "all N
 * matching", and the global actions (CSV export, delete all, delete test data, fix slugs).
 */
import type { RowSelectionState } from '@tanstack/react-table';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ADMIN_LIST_SORT_KEYS, type AdminBusinessRow, type ApprovalState, type BulkAction, type BulkBusinessAction } from '../../../../common/api/admin.ts';
import { ApiError } from '../../api/client.ts';
import { useConfirm } from '../components/confirm.tsx';
import { LoadError, Spinner } from '../components/load-state.tsx';
import { ReauthCancelled } from '../components/reauth.tsx';
import { useToast } from '../components/toast.tsx';
import { commonMessages } from '../i18n/common-messages.ts';
import { useFormat } from '../i18n/format.ts';
import { useMessages } from '../i18n/language.tsx';
import { useAdminStats } from '../layout/use-nav-badges.ts';
import { usePageTitle } from '../lib/use-page-title.ts';
import { BusinessTable } from './business-table.tsx';
import { CategoryCombobox } from './category-combobox.tsx';
import { EditBusinessDialog } from './edit-business-dialog.tsx';
import { ExportDialog } from './export/export-dialog.tsx';
import { activeSort, filterOf, hasCondition, listQueryString, nextSort, readListParams, writeListParams, type ListParams } from './list-params.ts';
import { businessMessages } from './messages.ts';
import { useBusinessList, useBusinessWrites, useCategories, useCountryCodes } from './use-businesses.ts';
import './businesses.css';

const SEARCH_DEBOUNCE_MS = 300;

/** The sentences that apply, as one toast description; undefined when none does. */
function sentences(...parts: Array<string | false>): string | undefined {
  return parts.filter(Boolean).join(' ') || undefined;
}

/** The server's own words for a failure (its message), or the error's. */
function describe(error: unknown): string {
  if (error instanceof ApiError) return error.detail || error.message;
  return error instanceof Error ? error.message : String(error);
}

export function BusinessesPage() {
  const t = useMessages(businessMessages);
  const common = useMessages(commonMessages);
  usePageTitle(common.nav.businesses);
  const format = useFormat();
  const toast = useToast();
  const confirm = useConfirm();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => readListParams(searchParams), [searchParams]);
  const update = useCallback((next: ListParams, replace = false) => setSearchParams(writeListParams(next), { replace }), [setSearchParams]);

  const list = useBusinessList(params);
  const stats = useAdminStats();
  const categories = useCategories();
  const writes = useBusinessWrites();

  const [exportOpen, setExportOpen] = useState(false);
  const [editId, setEditId] = useState<number | null>(null);
  const [busyIds, setBusyIds] = useState<ReadonlySet<number>>(new Set());

  // Selection: rows of this page by id, or "all N matching this filter". A new query starts empty.
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [allMatching, setAllMatching] = useState(false);
  const queryString = listQueryString(params);
  useEffect(() => {
    setSelection({});
    setAllMatching(false);
  }, [queryString]);

  const rows = list.data?.businesses ?? [];
  const total = list.data?.pagination.total ?? 0;
  const totalPages = list.data?.pagination.totalPages ?? 0;
  const selectedIds = Object.keys(selection)
    .filter((key) => selection[key])
    .map(Number)
    .filter((id) => rows.some((row) => row.id === id));

  // A page past the end (after deletes, or an old link): the last page instead.
  useEffect(() => {
    if (list.data && !list.isPlaceholderData && totalPages > 0 && params.page > totalPages) update({ ...params, page: totalPages }, true);
  }, [list.data, list.isPlaceholderData, totalPages, params, update]);

  const markBusy = (id: number, busy: boolean) =>
    setBusyIds((current) => {
      const next = new Set(current);
      if (busy) next.add(id);
      else next.delete(id);
      return next;
    });

  const toggleApproval = useCallback(
    async (row: AdminBusinessRow) => {
      markBusy(row.id, true);
      try {
        const answer = await writes.toggleApproval.mutateAsync(row.id);
        toast({ title: answer.isApproved ? t.toast.approvedNow(row.name) : t.toast.heldNow(row.name), description: answer.published ? undefined : t.toast.notPublished, variant: 'success' });
      } catch (error) {
        toast({ title: t.toast.approvalFailed, description: describe(error), variant: 'error' });
      } finally {
        markBusy(row.id, false);
      }
    },
    [t, toast, writes.toggleApproval.mutateAsync],
  );

  const deleteOne = useCallback(
    async (row: AdminBusinessRow) => {
      if (!(await confirm({ title: t.confirm.deleteTitle, message: t.confirm.deleteMessage(row.name), confirmLabel: t.row.delete, destructive: true }))) return;
      markBusy(row.id, true);
      try {
        const answer = await writes.remove.mutateAsync(row.id);
        // Said in the panel's language (the server's `message` is English), with the public site's lag if any.
        toast({ title: t.toast.deleted, description: sentences(t.toast.deletedName(row.name), !answer.published && t.toast.notPublished), variant: 'success' });
      } catch (error) {
        toast({ title: t.toast.error, description: describe(error), variant: 'error' });
      } finally {
        markBusy(row.id, false);
      }
    },
    [t, toast, confirm, writes.remove.mutateAsync],
  );

  const openEdit = useCallback((row: AdminBusinessRow) => setEditId(row.id), []);

  async function runBulk(action: BulkAction) {
    const count = allMatching ? total : selectedIds.length;
    if (count === 0) return;
    const body: BulkBusinessAction = allMatching ? { action, filter: filterOf(params), expectedCount: total } : { action, ids: selectedIds };
    const question = { approve: t.confirm.bulkApprove, unapprove: t.confirm.bulkUnapprove, delete: t.confirm.bulkDelete }[action](format.number(count));
    if ((action === 'delete' || allMatching) && !(await confirm({ title: t.confirm.bulkTitle, message: question, destructive: action === 'delete' }))) return;
    try {
      const answer = await writes.bulk.mutateAsync(body);
      toast({ title: t.toast.bulkDone(format.number(answer.affected), format.number(answer.matched)), description: answer.published ? undefined : t.toast.notPublished, variant: 'success' });
      setSelection({});
      setAllMatching(false);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'count_changed') {
        // The list moved under the admin: nothing was done; the fresh list (invalidated) is shown to choose again.
        toast({ title: t.toast.countChanged, description: describe(error), variant: 'error' });
        setSelection({});
        setAllMatching(false);
      } else toast({ title: t.toast.bulkFailed, description: describe(error), variant: 'error' });
    }
  }

  async function deleteAll() {
    const count = format.number(stats.data?.totalBusinesses ?? total);
    if (!(await confirm({ title: t.confirm.deleteAllTitle, message: t.confirm.deleteAllMessage(count), confirmLabel: t.actions.deleteAll, destructive: true }))) return;
    if (!(await confirm({ title: t.confirm.deleteAllAgainTitle, message: t.confirm.deleteAllAgainMessage, confirmLabel: t.confirm.deleteAllConfirm, destructive: true }))) return;
    try {
      const answer = await writes.deleteAll.mutateAsync();
      toast({ title: t.toast.deletedAll(format.number(answer.deletedCount)), description: sentences(answer.deletedCount > 0 && t.toast.deletedAllNote, !answer.published && t.toast.notPublished), variant: 'success' });
    } catch (error) {
      if (!(error instanceof ReauthCancelled)) toast({ title: t.toast.deleteAllFailed, description: describe(error), variant: 'error' });
    }
  }

  async function deleteTestData() {
    if (!(await confirm({ title: t.confirm.testDataTitle, message: t.confirm.testDataMessage, confirmLabel: t.row.delete, destructive: true }))) return;
    try {
      const answer = await writes.deleteTestData.mutateAsync();
      toast({ title: t.toast.testDataDeleted(format.number(answer.deletedCount)), description: sentences(answer.deletedCount > 0 && t.toast.testDataKept, !answer.published && t.toast.notPublished), variant: 'success' });
    } catch (error) {
      if (!(error instanceof ReauthCancelled)) toast({ title: t.toast.testDataFailed, description: describe(error), variant: 'error' });
    }
  }

  async function fixSlugs() {
    if (!(await confirm({ title: t.confirm.fixSlugsTitle, message: t.confirm.fixSlugsMessage }))) return;
    try {
      const answer = await writes.fixSlugs.mutateAsync();
      toast({ title: t.toast.slugsFixed(format.number(answer.successCount), format.number(answer.totalProcessed)), description: sentences(answer.successCount > 0 ? t.toast.slugsRedirect : t.toast.slugsAllFine, answer.resumed && t.toast.slugsResumed, !answer.published && t.toast.notPublished), variant: 'success' });
    } catch (error) {
      if (!(error instanceof ReauthCancelled)) toast({ title: t.toast.fixSlugsFailed, description: describe(error), variant: 'error' });
    }
  }

  const globalBusy = writes.deleteAll.isPending || writes.deleteTestData.isPending || writes.fixSlugs.isPending;
  const sort = activeSort(params);
  const selectedCount = allMatching ? total : selectedIds.length;
  const pageFullySelected = rows.length > 0 && selectedIds.length === rows.length;

  return (
    <section className="admin-page biz-page" aria-busy={list.isFetching}>
      <header className="admin-page-header">
        <div>
          <h1>{common.nav.businesses}</h1>
          <p>{t.subtitle}</p>
        </div>
        <div className="biz-header-actions" role="group" aria-label={t.actions.label}>
          <button type="button" className="admin-button admin-button-primary" onClick={() => setExportOpen(true)}>
            {t.actions.export}
          </button>
          <button type="button" className="admin-button" onClick={fixSlugs} disabled={globalBusy}>
            {t.actions.fixSlugs}
          </button>
          <button type="button" className="admin-button" onClick={deleteTestData} disabled={globalBusy}>
            {t.actions.deleteTestData}
          </button>
          <button type="button" className="admin-button admin-button-danger" onClick={deleteAll} disabled={globalBusy}>
            {t.actions.deleteAll}
          </button>
        </div>
      </header>

      <div className="admin-grid biz-cards">
        <SummaryCard label={t.cards.total} value={stats.data ? format.number(stats.data.totalBusinesses) : null} testId="card-total" />
        <SummaryCard
          label={t.cards.approved}
          value={stats.data ? format.number(stats.data.approvedBusinesses) : null}
          note={stats.data ? t.cards.pending(format.number(stats.data.pendingBusinesses)) : undefined}
          testId="card-approved"
        />
        <SummaryCard label={t.cards.onPage} value={list.data ? format.number(rows.length) : null} note={list.data ? t.cards.matching(format.number(total)) : undefined} testId="card-page" />
        <SummaryCard label={t.cards.categories} value={stats.data ? format.number(stats.data.totalCategories) : null} testId="card-categories" />
      </div>

      <Filters params={params} update={update} categories={categories.data?.categories ?? []} categoriesLoading={categories.isPending} />

      <div className="biz-sort" role="group" aria-label={t.sort.label}>
        <span className="admin-muted">{t.sort.label}:</span>
        {ADMIN_LIST_SORT_KEYS.map((key) => {
          const isActive = sort.key === key;
          return (
            <button
              key={key}
              type="button"
              className={`admin-button admin-button-small${isActive ? ' is-active' : ''}`}
              aria-pressed={isActive}
              onClick={() => update(nextSort(params, key))}
              data-sort-key={key}
            >
              {t.sort[key]}
              {isActive ? (
                <>
                  <span aria-hidden="true"> {sort.order === 'asc' ? '↑' : '↓'}</span>
                  <span className="biz-sr-only"> ({sort.order === 'asc' ? t.sort.ascending : t.sort.descending})</span>
                </>
              ) : null}
            </button>
          );
        })}
      </div>

      {selectedCount > 0 ? (
        <div className="admin-card biz-bulk" role="region" aria-label={t.actions.label} data-testid="bulk-bar">
          <p className="biz-bulk-count" aria-live="polite">
            {allMatching ? t.selection.allMatching(format.number(total)) : t.selection.selected(format.number(selectedCount))}
          </p>
          {!allMatching && pageFullySelected && total > rows.length ? (
            hasCondition(params) ? (
              <button type="button" className="admin-button admin-button-small" onClick={() => setAllMatching(true)}>
                {t.selection.selectAllMatching(format.number(total))}
              </button>
            ) : (
              <p className="admin-muted biz-bulk-note">{t.selection.needsFilter}</p>
            )
          ) : null}
          <div className="biz-bulk-actions">
            <button type="button" className="admin-button admin-button-small admin-button-success" onClick={() => runBulk('approve')} disabled={writes.bulk.isPending}>
              {t.selection.approve}
            </button>
            <button type="button" className="admin-button admin-button-small" onClick={() => runBulk('unapprove')} disabled={writes.bulk.isPending}>
              {t.selection.unapprove}
            </button>
            <button type="button" className="admin-button admin-button-small admin-button-danger" onClick={() => runBulk('delete')} disabled={writes.bulk.isPending}>
              {t.selection.delete}
            </button>
            <button
              type="button"
              className="admin-button admin-button-small"
              onClick={() => {
                setSelection({});
                setAllMatching(false);
              }}
            >
              {t.selection.clear}
            </button>
          </div>
        </div>
      ) : null}

      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => list.refetch()} />
      ) : rows.length === 0 ? (
        <p className="admin-card admin-state biz-empty" data-testid="businesses-empty">
          {t.empty}
        </p>
      ) : (
        <BusinessTable
          rows={rows}
          selection={selection}
          onSelectionChange={(next) => {
            setSelection(next);
            setAllMatching(false);
          }}
          allMatching={allMatching}
          busyIds={busyIds}
          onToggleApproval={toggleApproval}
          onEdit={openEdit}
          onDelete={deleteOne}
        />
      )}

      {list.data && totalPages > 0 ? (
        <nav className="biz-pagination" aria-label={t.pagination.label}>
          <button type="button" className="admin-button admin-button-small" disabled={params.page <= 1} onClick={() => update({ ...params, page: params.page - 1 })}>
            {t.pagination.previous}
          </button>
          <span data-testid="page-status">
            {/* The page shown, not the one asked for: while the next page loads the previous one stays on screen. */}
            {t.pagination.page(format.number(list.data.pagination.page), format.number(totalPages))} · {t.pagination.results(format.number(total))}
          </span>
          <button type="button" className="admin-button admin-button-small" disabled={params.page >= totalPages} onClick={() => update({ ...params, page: params.page + 1 })}>
            {t.pagination.next}
          </button>
        </nav>
      ) : null}

      <EditBusinessDialog id={editId} onClose={() => setEditId(null)} />
      <ExportDialog open={exportOpen} onClose={() => setExportOpen(false)} />
    </section>
  );
}

function SummaryCard({ label, value, note, testId }: { label: string; value: string | null; note?: string; testId: string }) {
  return (
    <div className="admin-card admin-tile" data-testid={testId}>
      <span className="admin-tile-label">{label}</span>
      {/* No figure until the live one arrives: never a placeholder number. */}
      <span className="admin-tile-value">{value ?? '…'}</span>
      {note ? <span className="admin-tile-note">{note}</span> : null}
    </div>
  );
}

function Filters({ params, update, categories, categoriesLoading }: { params: ListParams; update(next: ListParams, replace?: boolean): void; categories: Array<{ category: string; count: number }>; categoriesLoading: boolean }) {
  const t = useMessages(businessMessages);
  // The country list loads when the admin reaches for the filter (focus, pointer), not with the page (spec §7).
  const [wantCountries, setWantCountries] = useState(false);
  const countryCodes = useCountryCodes(wantCountries);
  const ids = useId();
  const format = useFormat();

  // The search box types freely; the URL follows 300 ms after the last key (and back to page 1). A
  // filter arriving by the URL (the top bar's search, back button) fills the box. A new search pushes one
  // history entry, so Back returns to the page it started from; its later keystrokes replace that entry
  // while the URL is still the one the search wrote (after a page or filter change, a search is new again).
  const [text, setText] = useState(params.filter);
  const sent = useRef(params.filter);
  useEffect(() => {
    if (params.filter !== sent.current) {
      sent.current = params.filter;
      setText(params.filter);
    }
  }, [params.filter]);
  const latest = useRef(params);
  latest.current = params;
  const searchWrote = useRef<string | null>(null);
  useEffect(() => {
    const value = text.trim();
    if (value === sent.current) return;
    const timer = window.setTimeout(() => {
      sent.current = value;
      const next = { ...latest.current, filter: value, page: 1 };
      const sameSearch = searchWrote.current === listQueryString(latest.current);
      searchWrote.current = listQueryString(next);
      update(next, sameSearch);
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, update]);

  return (
    <div className="admin-card biz-filters" role="search" aria-label={t.filters.label}>
      <label className="admin-field biz-search">
        <span>{t.filters.search}</span>
        <input type="search" value={text} placeholder={t.filters.searchPlaceholder} maxLength={200} onChange={(event) => setText(event.target.value)} />
      </label>
      <CategoryCombobox value={params.category} options={categories} loading={categoriesLoading} onChange={(category) => update({ ...params, category, page: 1 })} />
      <div className="admin-field">
        {/* A label beside the select, not around it: around, the chosen option's text joins the select's name. */}
        <label htmlFor={`${ids}-approval`}>{t.filters.approval}</label>
        <select id={`${ids}-approval`} value={params.approval} onChange={(event) => update({ ...params, approval: event.target.value as ApprovalState, page: 1 })}>
          <option value="all">{t.filters.approvalAll}</option>
          <option value="approved">{t.filters.approvalApproved}</option>
          <option value="pending">{t.filters.approvalPending}</option>
        </select>
      </div>
      <div className="admin-field">
        <label htmlFor={`${ids}-country`}>{t.filters.country}</label>
        <select
          id={`${ids}-country`}
          value={params.countryCode}
          onFocus={() => setWantCountries(true)}
          onPointerDown={() => setWantCountries(true)}
          onChange={(event) => update({ ...params, countryCode: event.target.value, page: 1 })}
        >
          <option value="">{t.filters.allCountries}</option>
          {params.countryCode && !countryCodes.data?.countryCodes.some((entry) => entry.countryCode === params.countryCode) ? <option value={params.countryCode}>{params.countryCode}</option> : null}
          {countryCodes.data?.countryCodes.map((entry) => (
            <option key={entry.countryCode} value={entry.countryCode}>
              {format.country(entry.countryCode)}
            </option>
          ))}
        </select>
      </div>
      {params.filter || params.category || params.countryCode || params.approval !== 'all' ? (
        <button
          type="button"
          className="admin-button admin-button-small biz-reset"
          onClick={() => {
            sent.current = '';
            setText('');
            update({ ...params, filter: '', category: '', countryCode: '', approval: 'all', page: 1 });
          }}
        >
          {t.filters.reset}
        </button>
      ) : null}
    </div>
  );
}
