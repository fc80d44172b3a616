/**
 * The list's table (TanStack Table 8, server-side paging and sorting): the spec's row fields, approved
 * rows red-tinted with a green 'Approved' button, held ones an 'Approve' button, edit and delete per
 * row, and a checkbox per row plus one for the page. From 1366 px wide every column shows without sideways
 * scrolling: long names, categories, addresses and slugs are cut to one line, whole in their tooltip. On a
 * phone it scrolls inside .admin-table-wrap.
 */
import { createColumnHelper, flexRender, getCoreRowModel, useReactTable, type RowSelectionState } from '@tanstack/react-table';
import { useEffect, useMemo, useRef } from 'react';
import type { AdminBusinessRow } from '../../../../common/api/admin.ts';
import { useFormat } from '../i18n/format.ts';
import { useMessages } from '../i18n/language.tsx';
import { businessMessages } from './messages.ts';

const column = createColumnHelper<AdminBusinessRow>();

/** A column's cell class (its width in businesses.css) and whether it holds a number (right-aligned). */
interface ColumnLook {
  className: string;
  numeric?: boolean;
}

function cellClass(meta: unknown): string {
  const look = meta as ColumnLook | undefined;
  return [look?.className, look?.numeric ? 'is-numeric' : undefined].filter(Boolean).join(' ');
}

/** A text cut to one line on screen (businesses.css), whole in its tooltip and for screen readers. */
function CutText({ text, strong = false }: { text: string | null; strong?: boolean }) {
  if (text === null) return <>—</>;
  return strong ? (
    <strong className="biz-cut" title={text}>
      {text}
    </strong>
  ) : (
    <span className="biz-cut" title={text}>
      {text}
    </span>
  );
}

export interface BusinessTableProps {
  rows: AdminBusinessRow[];
  selection: RowSelectionState;
  onSelectionChange(selection: RowSelectionState): void;
  /** Every row is selected by "select all matching": the checkboxes show checked and are locked. */
  allMatching: boolean;
  busyIds: ReadonlySet<number>;
  onToggleApproval(row: AdminBusinessRow): void;
  onEdit(row: AdminBusinessRow): void;
  onDelete(row: AdminBusinessRow): void;
}

export function BusinessTable({ rows, selection, onSelectionChange, allMatching, busyIds, onToggleApproval, onEdit, onDelete }: BusinessTableProps) {
  const t = useMessages(businessMessages);
  const format = useFormat();
  const columns = useMemo(
    () => [
      column.display({
        id: 'select',
        meta: { className: 'biz-col-select' } satisfies ColumnLook,
        header: ({ table }) => (
          <HeaderCheckbox
            label={t.columns.selectPage}
            checked={allMatching || table.getIsAllRowsSelected()}
            indeterminate={!allMatching && table.getIsSomeRowsSelected()}
            disabled={allMatching || rows.length === 0}
            onChange={() => table.toggleAllRowsSelected(!table.getIsAllRowsSelected())}
          />
        ),
        cell: ({ row }) => (
          <input
            type="checkbox"
            className="biz-check"
            aria-label={t.columns.selectRow(row.original.name)}
            checked={allMatching || row.getIsSelected()}
            disabled={allMatching}
            onChange={row.getToggleSelectedHandler()}
          />
        ),
      }),
      column.accessor('name', { header: t.columns.name, cell: (info) => <CutText text={info.getValue()} strong />, meta: { className: 'biz-col-name' } satisfies ColumnLook }),
      column.accessor('category', { header: t.columns.category, cell: (info) => <CutText text={info.getValue()} />, meta: { className: 'biz-col-category' } satisfies ColumnLook }),
      column.accessor('address', { header: t.columns.address, cell: (info) => <CutText text={info.getValue()} />, meta: { className: 'biz-col-address' } satisfies ColumnLook }),
      column.accessor('rating', {
        header: t.columns.rating,
        cell: (info) => (info.getValue() === null ? t.row.noRating : format.number(info.getValue()!, 1)),
        meta: { className: 'biz-col-rating', numeric: true } satisfies ColumnLook,
      }),
      column.accessor('reviewCount', {
        header: t.columns.reviewCount,
        cell: (info) => format.number(info.getValue()),
        meta: { className: 'biz-col-reviews', numeric: true } satisfies ColumnLook,
      }),
      column.accessor('slug', {
        header: t.columns.slug,
        cell: (info) => (
          <a
            href={`/business/${encodeURIComponent(info.getValue())}`}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t.row.openPublic(info.row.original.name)}
            title={info.getValue()}
            className="biz-slug biz-cut"
          >
            {info.getValue()}
          </a>
        ),
        meta: { className: 'biz-col-slug' } satisfies ColumnLook,
      }),
      column.accessor('isApproved', {
        header: t.columns.isApproved,
        meta: { className: 'biz-col-approval' } satisfies ColumnLook,
        cell: ({ row }) => {
          const business = row.original;
          return (
            <button
              type="button"
              className={`admin-button admin-button-small ${business.isApproved ? 'admin-button-success' : ''}`}
              aria-pressed={business.isApproved}
              title={business.isApproved ? t.row.approvedTitle(business.name) : t.row.approveTitle(business.name)}
              disabled={busyIds.has(business.id)}
              onClick={() => onToggleApproval(business)}
            >
              {business.isApproved ? t.row.approved : t.row.approve}
            </button>
          );
        },
      }),
      column.accessor('createdAt', {
        header: t.columns.createdAt,
        cell: (info) => <time dateTime={info.getValue()}>{format.date(info.getValue())}</time>,
        meta: { className: 'biz-col-created' } satisfies ColumnLook,
      }),
      column.display({
        id: 'actions',
        meta: { className: 'biz-col-actions' } satisfies ColumnLook,
        header: t.columns.actions,
        cell: ({ row }) => (
          <span className="biz-row-actions">
            <button type="button" className="admin-button admin-button-small" aria-label={t.row.editLabel(row.original.name)} onClick={() => onEdit(row.original)}>
              {t.row.edit}
            </button>
            <button type="button" className="admin-button admin-button-small admin-button-danger" aria-label={t.row.deleteLabel(row.original.name)} disabled={busyIds.has(row.original.id)} onClick={() => onDelete(row.original)}>
              {t.row.delete}
            </button>
          </span>
        ),
      }),
    ],
    [t, format, allMatching, rows.length, busyIds, onToggleApproval, onEdit, onDelete],
  );

  const table = useReactTable({
    data: rows,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(row.id),
    state: { rowSelection: selection },
    enableRowSelection: true,
    onRowSelectionChange: (updater) => onSelectionChange(typeof updater === 'function' ? updater(selection) : updater),
    manualPagination: true,
    manualSorting: true,
  });

  return (
    <div className="admin-table-wrap">
      <table className="admin-table biz-table">
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col" className={cellClass(header.column.columnDef.meta)}>
                  {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className={row.original.isApproved ? 'biz-row-approved' : 'biz-row-pending'} data-testid="business-row" data-business-id={row.original.id}>
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id} className={cellClass(cell.column.columnDef.meta)}>
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function HeaderCheckbox({ label, checked, indeterminate, disabled, onChange }: { label: string; checked: boolean; indeterminate: boolean; disabled: boolean; onChange(): void }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return <input ref={ref} type="checkbox" className="biz-check" aria-label={label} checked={checked} disabled={disabled} onChange={onChange} />;
}
