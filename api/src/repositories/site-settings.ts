/**
 * Data access for the site settings (site_settings: key -> value): the snippets the pages inject. The
 * public pages read here; the admin settings screen saves here.
 */
import type { SiteSetting } from '../../../generated/prisma/client.ts';
import type { Prisma } from '../../../platform/db/prisma.ts';
import { insertAuditLog, type AuditEntry } from './audit-logs.ts';

export type { SiteSetting };

/** The stored settings among `keys` (a key never saved is absent). */
export function listSiteSettings(prisma: Prisma, keys: readonly string[]): Promise<SiteSetting[]> {
  return prisma.siteSetting.findMany({ where: { key: { in: [...keys] } } });
}

/**
 * Saves `values` (key -> text) and the audit row `describe` makes from the values before, in one
 * transaction; only what differs is written, and an unchanged save writes nothing. Saves are
 * serialised (a transaction-scoped advisory lock), so two admins saving at once each get a diff
 * against what the other stored, never against a value that was already replaced.
 * updated_at is the database clock, which the public caches' data version compares.
 */
export async function saveSiteSettings(
  prisma: Prisma,
  values: Readonly<Record<string, string>>,
  describe: (before: Record<string, string>) => AuditEntry,
): Promise<Record<string, string>> {
  const keys = Object.keys(values);
  return prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('site_settings'))`;
    const rows = await tx.siteSetting.findMany({ where: { key: { in: keys } } });
    const before = Object.fromEntries(rows.map((row) => [row.key, row.value]));
    const changed = keys.filter((key) => (before[key] ?? '') !== values[key]);
    // Nothing differs: nothing is written and nothing audited (a save that changed nothing).
    if (changed.length === 0) return before;
    for (const key of changed) {
      await tx.$executeRaw`INSERT INTO site_settings (key, value, updated_at) VALUES (${key}, ${values[key]}, clock_timestamp())
                           ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`;
    }
    await insertAuditLog(tx, describe(before));
    return before;
  });
}
