import { businessSlug, isCurrentBusinessSlug, randomSlugSuffix, slugify, slugSuffixFor } from '../../../../common/slug.ts';
import type { FixSlugsResponse } from '../../../../common/api/admin.ts';
import type { Pool, PoolClient } from '../../../../platform/db/pool.ts';
import type { Prisma } from '../../../../platform/db/prisma.ts';
import { AppError } from '../../errors.ts';
import { insertAuditLog } from '../../repositories/audit-logs.ts';
import { applySlugRepairs, findTakenSlugs, listBusinessSlugsAfter, type BusinessSlugRow } from '../../repositories/businesses.ts';
import { finishMaintenanceCheckpoint, openMaintenanceCheckpoint, withMaintenanceLock } from '../../repositories/maintenance-checkpoints.ts';
import { awaitSearchPublish } from './await-search-publish.ts';

const CHECKPOINT = 'fix-slugs';
/** Businesses read per batch: one primary-key range scan and, when any slug changes, one UPDATE. */
export const FIX_SLUGS_BATCH = 2000;
/** Changes listed in the audit row (the count is always complete). */
const AUDITED_CHANGES = 50;
const MAX_ATTEMPTS = 5;

/**
 * POST /api/admin/fix-slugs: every business slug that breaks the current slug rules (isCurrentBusinessSlug
 * in common/slug.ts: not in slugify's normal form, or without the 6-character suffix) gets a slug that
 * follows them: the old slug in normal form when it is well formed and free, else `name-city-suffix`.
 * Batches walk the ids; each batch's new slugs, their redirects (the old slug 301-redirects) and the
 * checkpoint commit together, so a run cut off by a restart resumes after the last committed batch. One
 * run at a time across replicas (an advisory lock): a second call meanwhile is a 409.
 * Audited as `businesses.fix_slugs` with the counts and the first changes.
 */
export async function fixSlugs(options: {
  pool: Pool;
  prisma: Prisma;
  adminUserId: number;
  ip: string | null;
  batchSize?: number;
  onPublished?: () => void;
  /** Test hook: runs inside each batch's transaction just before it commits. */
  beforeCommit?: (client: PoolClient, batchNumber: number) => Promise<void>;
}): Promise<FixSlugsResponse> {
  const { pool } = options;
  const batchSize = options.batchSize ?? FIX_SLUGS_BATCH;
  const run = await withMaintenanceLock(pool, CHECKPOINT, async () => {
    const { checkpoint, resumed } = await openMaintenanceCheckpoint(pool, CHECKPOINT);
    let { afterId, processed, changed } = checkpoint;
    const examples: Array<{ id: number; from: string; to: string }> = [];
    for (let batchNumber = 1; ; batchNumber++) {
      const rows = await listBusinessSlugsAfter(pool, afterId, batchSize);
      if (!rows.length) break;
      const last = rows.at(-1)!.id;
      // Planned before the batch's transaction: a slug taken meanwhile fails the batch on the unique index,
      // and the run, called again, resumes at this batch.
      const changes = await planRepairs(pool, rows.filter((row) => !isCurrentBusinessSlug(row.slug)));
      const made = await applySlugRepairs(pool, {
        changes,
        checkpoint: { name: CHECKPOINT, afterId: last, processed: processed + rows.length, changedBefore: changed },
        beforeCommit: options.beforeCommit && ((client) => options.beforeCommit!(client, batchNumber)),
      });
      afterId = last;
      processed += rows.length;
      changed += made.length;
      for (const change of made) if (examples.length < AUDITED_CHANGES) examples.push(change);
    }
    await finishMaintenanceCheckpoint(pool, CHECKPOINT);
    return { resumed, processed, changed, examples };
  });
  if (!run) throw new AppError('conflict', 'Slugs are already being fixed; wait for that run to finish.');

  await insertAuditLog(options.prisma, {
    action: 'businesses.fix_slugs', adminUserId: options.adminUserId, ip: options.ip, entity: 'business',
    details: { successCount: run.changed, totalProcessed: run.processed, resumed: run.resumed, changes: run.examples },
  });
  const { published } = run.changed ? await awaitSearchPublish({ pool, onPublished: options.onPublished }) : { published: true };
  const checked = `${run.processed.toLocaleString('en-US')} business${run.processed === 1 ? '' : 'es'} checked`;
  const fixed = run.changed === 0 ? 'every slug already follows the rules' : `${run.changed.toLocaleString('en-US')} slug${run.changed === 1 ? '' : 's'} rewritten (the old addresses redirect)`;
  const message = `${checked}, ${fixed}${run.resumed ? ', continuing a run that was interrupted' : ''}.${published ? '' : ' Search is still catching up.'}`;
  return { success: true, successCount: run.changed, checkpointEnabled: true, totalProcessed: run.processed, resumed: run.resumed, message, published };
}

/** New slugs for `rows`, unique among themselves and against every stored slug. */
async function planRepairs(db: Pool, rows: BusinessSlugRow[]): Promise<Array<{ id: number; from: string; to: string }>> {
  if (!rows.length) return [];
  const chosen = new Map<number, string>();
  const used = new Set<string>();
  let pending = rows;
  for (let attempt = 0; pending.length && attempt < MAX_ATTEMPTS; attempt++) {
    const proposals = pending.map((row) => ({ row, slug: proposeSlug(row, attempt) }));
    const taken = await findTakenSlugs(db, proposals.map((proposal) => proposal.slug));
    const left: BusinessSlugRow[] = [];
    for (const { row, slug } of proposals) {
      if (taken.has(slug) || used.has(slug)) left.push(row);
      else {
        used.add(slug);
        chosen.set(row.id, slug);
      }
    }
    pending = left;
  }
  if (pending.length) throw new Error(`no free slug found for business ${pending[0].id} after ${MAX_ATTEMPTS} attempts`);
  return rows.map((row) => ({ id: row.id, from: row.slug, to: chosen.get(row.id)! }));
}

/** The closest slug to the old one first (its normal form), then name-city with the place's suffix, then random suffixes. */
function proposeSlug(row: BusinessSlugRow, attempt: number): string {
  if (attempt === 0) {
    const normal = slugify(row.slug);
    if (isCurrentBusinessSlug(normal)) return normal;
  }
  if (attempt <= 1 && row.placeId) return businessSlug(row.name, row.city, slugSuffixFor(row.placeId));
  return businessSlug(row.name, row.city, randomSlugSuffix());
}
