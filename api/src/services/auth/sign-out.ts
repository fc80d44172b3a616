import type { Prisma } from '../../../../platform/db/prisma.ts';
import { revokeAdminSessions, type AdminUser } from '../../repositories/admin-users.ts';
import { insertAuditLog } from '../../repositories/audit-logs.ts';

/**
 * Ends the admin's sessions on the server side too: a copy of the cookie kept elsewhere stops
 * working (this signs the admin out on every device). The caller also clears the cookie.
 */
export async function signOut(options: { prisma: Prisma; admin: AdminUser; ip?: string }): Promise<void> {
  await revokeAdminSessions(options.prisma, options.admin.id, new Date());
  await insertAuditLog(options.prisma, { action: 'admin.logout', adminUserId: options.admin.id, ip: options.ip ?? null });
}
