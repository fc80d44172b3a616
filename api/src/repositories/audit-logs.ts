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

/** `prisma` may be a transaction's client, so the row commits with the change it records. */
export async function insertAuditLog(prisma: Pick<Prisma, 'auditLog'>, entry: AuditEntry): Promise<void> {
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

/** The audit actions of a wrong password: at sign-in and when re-entering it for a destructive action. */
export const PASSWORD_FAILURE_ACTIONS = ['admin.login_failed', 'admin.reauth_failed'] as const;

/**
 * Failed sign-ins (and re-authentications) from one IP since `since`: all of them, and those naming `username`
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
     WHERE action IN ('admin.login_failed', 'admin.reauth_failed') AND ip = ${options.ip} AND created_at > ${options.since}`;
  const row = rows[0];
  return {
    perIp: { count: row.per_ip, oldestAt: row.per_ip_oldest },
    perIpAndUsername: { count: row.per_user, oldestAt: row.per_user_oldest },
  };
}

/**
 * The same row written on a pg client, inside the caller's transaction: an admin write and its audit row
 * commit together or not at all (a business edit also records its slug redirect on that client).
 */
export async function insertAuditLogWith(client: PoolClient, entry: AuditEntry): Promise<void> {
  await client.query('INSERT INTO audit_logs (admin_user_id, action, entity, entity_id, details, ip) VALUES ($1, $2, $3, $4, $5, $6)', [
    entry.adminUserId ?? null,
    entry.action,
    entry.entity ?? null,
    entry.entityId ?? null,
    entry.details === undefined ? null : JSON.stringify(entry.details),
    entry.ip ?? null,
  ]);
}

export interface RecentAuditRow {
  action: string;
  adminUsername: string | null;
  entity: string | null;
  entityId: string | null;
  createdAt: Date;
  ip: string | null;
}

/** The newest `limit` audit rows with the admin's username (the created_at index: no scan). */
export async function listRecentAuditLogs(prisma: Prisma, limit: number): Promise<RecentAuditRow[]> {
  const rows = await prisma.auditLog.findMany({
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit,
    select: { action: true, entity: true, entityId: true, createdAt: true, ip: true, adminUser: { select: { username: true } } },
  });
  return rows.map(({ adminUser, ...row }) => ({ ...row, adminUsername: adminUser?.username ?? null }));
}
