/**
 * The list's table (TanStack Table 8, server-side paging and sorting): the spec's row fields, approved
 * rows red-tinted with a green 'Approved' button, held ones an 'Approve' button, edit and delete per
 * row, and a checkbox per row plus one for the page. On a phone it scrolls inside .admin-table-wrap.
 */
import { createColumnHelper, flexRender, getCoreRowModel, useReactTable, type RowSelectionState } from '@tanstack/react-table';
import { useEffect, useMemo, useRef } from 'react';
import type { AdminBusinessRow } from '../../../../common/api/admin.ts';
import { useFormat } from '../i18n/format.ts';
import { useMessages } from '../i18n/language.tsx';
import { businessMessages } from './messages.ts';

const column = createColumnHelper<AdminBusinessRow>();

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
      column.accessor('name', { header: t.columns.name, cell: (info) => <strong>{info.getValue()}</strong> }),
      column.accessor('category', { header: t.columns.category, cell: (info) => info.getValue() ?? '—' }),
      column.accessor('address', { header: t.columns.address, cell: (info) => <span className="biz-address">{info.getValue() ?? '—'}</span> }),
      column.accessor('rating', {
        header: t.columns.rating,
        cell: (info) => (info.getValue() === null ? t.row.noRating : format.number(info.getValue()!, 1)),
        meta: { numeric: true },
      }),
      column.accessor('reviewCount', { header: t.columns.reviewCount, cell: (info) => format.number(info.getValue()), meta: { numeric: true } }),
      column.accessor('slug', {
        header: t.columns.slug,
        cell: (info) => (
          <a href={`/business/${encodeURIComponent(info.getValue())}`} target="_blank" rel="noopener noreferrer" aria-label={t.row.openPublic(info.row.original.name)} className="biz-slug">
            {info.getValue()}
          </a>
        ),
      }),
      column.accessor('isApproved', {
        header: t.columns.isApproved,
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
      column.accessor('createdAt', { header: t.columns.createdAt, cell: (info) => <time dateTime={info.getValue()}>{format.date(info.getValue())}</time> }),
      column.display({
        id: 'actions',
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
                <th key={header.id} scope="col" className={(header.column.columnDef.meta as { numeric?: boolean } | undefined)?.numeric ? 'is-numeric' : undefined}>
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
                <td key={cell.id} className={(cell.column.columnDef.meta as { numeric?: boolean } | undefined)?.numeric ? 'is-numeric' : undefined}>
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
