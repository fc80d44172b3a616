import type { Prisma } from '../../../../platform/db/prisma.ts';
import type { AdminUser } from '../../repositories/admin-users.ts';
import { insertAuditLog } from '../../repositories/audit-logs.ts';
import { verifyPassword } from './password.ts';
import { checkPasswordThrottle, type SignInResult } from './sign-in.ts';

/** How long an entered password allows destructive global actions (delete all, delete test data, fix slugs). */
export const REAUTH_WINDOW_MS = 10 * 60 * 1000;

export type ReauthResult = { outcome: 'confirmed' } | { outcome: 'invalid' } | Extract<SignInResult, { outcome: 'throttled' }>;

/**
 * The signed-in admin enters the password again. Limited like sign-in, by the same counters (a wrong
 * password here counts as a failed sign-in for the limiter), so a stolen session cookie cannot be used
 * to guess the password. Writes `admin.reauth` / `admin.reauth_failed` audit rows.
 */
export async function reauthenticate(options: { prisma: Prisma; admin: AdminUser; password: string; ip: string; now?: Date }): Promise<ReauthResult> {
  const { prisma, admin, password, ip } = options;
  const now = options.now ?? new Date();
  const throttled = await checkPasswordThrottle({ prisma, username: admin.username, ip, now });
  if (throttled) return throttled;
  if (!(await verifyPassword(password, admin.passwordHash))) {
    await insertAuditLog(prisma, { action: 'admin.reauth_failed', adminUserId: admin.id, ip, details: { username: admin.username } });
    return { outcome: 'invalid' };
  }
  await insertAuditLog(prisma, { action: 'admin.reauth', adminUserId: admin.id, ip, details: { username: admin.username } });
  return { outcome: 'confirmed' };
}
