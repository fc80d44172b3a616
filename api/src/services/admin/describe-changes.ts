/**
 * The field diff an audit row keeps for an edit (a business, the site settings, the ad codes): only the
 * fields whose value changed, each as `{ from, to }`, so the trail says what an admin changed without
 * copying whole records. Long texts (ad code, head tags) are kept whole: the trail must show what ran.
 */
import type { AuditValue } from '../../repositories/audit-logs.ts';

export type FieldChanges = Record<string, { from: AuditValue; to: AuditValue }>;

/** The fields of `after` whose value differs from `before` (compared as JSON; undefined reads as null). */
export function describeChanges(before: Record<string, unknown>, after: Record<string, unknown>): FieldChanges {
  const changes: FieldChanges = {};
  for (const field of Object.keys(after)) {
    const from = toAuditValue(before[field]);
    const to = toAuditValue(after[field]);
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[field] = { from, to };
  }
  return changes;
}

function toAuditValue(value: unknown): AuditValue {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'object' && 'toJSON' in value && typeof value.toJSON === 'function') return toAuditValue(value.toJSON());
  return JSON.parse(JSON.stringify(value)) as AuditValue;
}
