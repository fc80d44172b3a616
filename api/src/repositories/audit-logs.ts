/** Data access for the audit trail (audit_logs). */
import type { PoolClient } from '../../../platform/db/pool.ts';
import type { Prisma } from '../../../platform/db/prisma.ts';

/** What an audit row's details may hold: plain JSON (a field diff nests `{ from, to }` pairs). */
export type AuditValue = string | number | boolean | null | AuditValue[] | { [key: string]: AuditValue };

export interface AuditEntry {
  action: string;
  adminUserId?: number | null;
  entity?: string;
  entityId?: string;
  details?: { [key: string]: AuditValue };
  ip?: string | null;
}

export async function insertAuditLog(prisma: Prisma, entry: AuditEntry): Promise<void> {
  await prisma.auditLog.create({
    data: {
      action: entry.action,
      adminUserId: entry.adminUserId ?? null,
      entity: entry.entity,
      entityId: entry.entityId,
      details: entry.details,
      ip: entry.ip ?? null,
    },
  });
}

export interface FailureWindow {
  count: number;
  /** When the oldest counted failure happened, or null when there is none. */
  oldestAt: Date | null;
}

/**
 * Failed sign-ins from one IP since `since`: all of them, and those naming `username`
 * (case-insensitively). The audit trail doubles as the rate limiter's memory, so the limit holds
 * across API replicas and restarts.
 */
export async function countLoginFailures(
  prisma: Prisma,
  options: { ip: string; username: string; since: Date },
): Promise<{ perIp: FailureWindow; perIpAndUsername: FailureWindow }> {
  const rows = await prisma.$queryRaw<Array<{ per_ip: number; per_ip_oldest: Date | null; per_user: number; per_user_oldest: Date | null }>>`
    SELECT count(*)::int AS per_ip,
           min(created_at) AS per_ip_oldest,
           (count(*) FILTER (WHERE lower(details->>'username') = lower(${options.username})))::int AS per_user,
           min(created_at) FILTER (WHERE lower(details->>'username') = lower(${options.username})) AS per_user_oldest
      FROM audit_logs
     WHERE action = 'admin.login_failed' AND ip = ${options.ip} AND created_at > ${options.since}`;
  const row = rows[0];
  return {
    perIp: { count: row.per_ip, oldestAt: row.per_ip_oldest },
    perIpAndUsername: { count: row.per_user, oldestAt: row.per_user_oldest },
  };
}

/**
 * The same row as `insertAuditLog`, written through `db` (a client inside the caller's transaction), so a
 * change and its audit row commit together or not at all.
 */
export async function insertAuditLogWithin(db: Pick<PoolClient, 'query'>, entry: AuditEntry): Promise<void> {
  await db.query(
    `INSERT INTO audit_logs (action, admin_user_id, entity, entity_id, details, ip) VALUES ($1, $2, $3, $4, $5::jsonb, $6)`,
    [entry.action, entry.adminUserId ?? null, entry.entity ?? null, entry.entityId ?? null, entry.details === undefined ? null : JSON.stringify(entry.details), entry.ip ?? null],
  );
}
