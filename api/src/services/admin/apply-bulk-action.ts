import type { BulkBusinessAction, BulkBusinessResult } from '../../../../common/api/admin.ts';
import type { Pool } from '../../../../platform/db/pool.ts';
import { AppError } from '../../errors.ts';
import type { AuditEntry } from '../../repositories/audit-logs.ts';
import { applyBulkBusinessChange, SelectionCountChanged, type BusinessSelection } from '../../repositories/businesses.ts';
import { awaitSearchPublish } from './await-search-publish.ts';
import { selectionOf } from './list-businesses.ts';

/**
 * Approves, unapproves or deletes the chosen businesses (by ids, or all N matching a filter) in one
 * transaction with its audit row, then waits (bounded) until search shows the change, so the public pages
 * agree with the admin list on the next read (the public totals follow with the indexer's aggregate
 * recount, seconds later). A filter whose count is no longer the one the admin saw is refused with 409
 * count_changed and changes nothing.
 */
export async function applyBulkAction(options: {
  pool: Pool;
  input: BulkBusinessAction;
  adminUserId: number | null;
  ip: string | null;
  /** Called once search shows the change (drop this process's public cache). */
  onPublished?: () => void;
}): Promise<BulkBusinessResult> {
  const { input } = options;
  const byIds = 'ids' in input;
  const selection: BusinessSelection = byIds ? { ids: [...new Set(input.ids)] } : selectionOf(input.filter);
  let result;
  try {
    result = await applyBulkBusinessChange(options.pool, {
      change: input.action,
      selection,
      expectedCount: byIds ? undefined : input.expectedCount,
      audit: ({ matched, changed }) => ({
        action: `business.bulk_${input.action}`,
        adminUserId: options.adminUserId,
        entity: 'business',
        ip: options.ip,
        details: auditDetails(input, selection, { matched, changed }),
      }),
    });
  } catch (error) {
    if (error instanceof SelectionCountChanged) {
      throw new AppError(
        'count_changed',
        `The filter now matches ${error.actual.toLocaleString('en-US')} businesses, not ${error.expected.toLocaleString('en-US')}: nothing was changed. Reload the list and try again.`,
        { expectedCount: error.expected, actualCount: error.actual },
      );
    }
    throw error;
  }
  const { published } = result.changed ? await awaitSearchPublish({ pool: options.pool, onPublished: options.onPublished }) : { published: true };
  return { success: true, affected: result.changed, matched: result.matched, published };
}

type AuditDetails = NonNullable<AuditEntry['details']>;

/** What the audit row keeps: the count, and the ids chosen or the filter with the count the admin saw. */
function auditDetails(input: BulkBusinessAction, selection: BusinessSelection, result: { matched: number; changed: number }): AuditDetails {
  const details: AuditDetails = { count: result.changed, matched: result.matched };
  if ('ids' in input) details.ids = [...selection.ids!];
  else {
    details.filter = stripUndefined(input.filter);
    details.expectedCount = input.expectedCount;
  }
  return details;
}

function stripUndefined(value: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => entry[1] !== undefined));
}
