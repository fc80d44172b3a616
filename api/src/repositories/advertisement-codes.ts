/**
 * Data access for the ad slots (advertisement_codes: slot -> HTML). The public pages read here; the
 * admin ads screen saves here.
 */
import type { AdvertisementCode } from '../../../generated/prisma/client.ts';
import type { Prisma } from '../../../platform/db/prisma.ts';
import { insertAuditLog, type AuditEntry } from './audit-logs.ts';

export type { AdvertisementCode };

/** The stored code of the slots among `slots`, by slot (a slot never saved is absent). */
export function listAdvertisementCodes(prisma: Prisma, slots: readonly string[]): Promise<AdvertisementCode[]> {
  return prisma.advertisementCode.findMany({ where: { slot: { in: [...slots] } }, orderBy: { slot: 'asc' } });
}

/**
 * Saves `codes` (slot -> HTML) and the audit row `describe` makes from the code before, in one
 * transaction (only what differs is written; an unchanged save writes nothing), serialised like the
 * site settings (repositories/site-settings.ts) so each diff is exact.
 */
export async function saveAdvertisementCodes(
  prisma: Prisma,
  codes: Readonly<Record<string, string>>,
  describe: (before: Record<string, string>) => AuditEntry,
): Promise<Record<string, string>> {
  const slots = Object.keys(codes);
  return prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('advertisement_codes'))`;
    const rows = await tx.advertisementCode.findMany({ where: { slot: { in: slots } } });
    const before = Object.fromEntries(rows.map((row) => [row.slot, row.html]));
    const changed = slots.filter((slot) => (before[slot] ?? '') !== codes[slot]);
    // Nothing differs: nothing is written and nothing audited (a save that changed nothing).
    if (changed.length === 0) return before;
    for (const slot of changed) {
      await tx.$executeRaw`INSERT INTO advertisement_codes (slot, html, updated_at) VALUES (${slot}, ${codes[slot]}, clock_timestamp())
                           ON CONFLICT (slot) DO UPDATE SET html = excluded.html, updated_at = excluded.updated_at`;
    }
    await insertAuditLog(tx, describe(before));
    return before;
  });
}
