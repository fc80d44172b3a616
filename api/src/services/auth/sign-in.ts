import type { Prisma } from '../../../../platform/db/prisma.ts';
import { findAdminByUsername, touchAdminLastLogin, type AdminUser } from '../../repositories/admin-users.ts';
import { countLoginFailures, insertAuditLog } from '../../repositories/audit-logs.ts';
import { getDummyPasswordHash, verifyPassword } from './password.ts';

/** Failed sign-ins allowed in one window before further attempts are refused. */
export const LOGIN_LIMITS = {
  windowMs: 15 * 60 * 1000,
  perIpAndUsername: 10,
  perIp: 30,
} as const;

export type SignInResult =
  | { outcome: 'signed_in'; admin: AdminUser }
  | { outcome: 'invalid' }
  | { outcome: 'throttled'; retryAfterSeconds: number };

function secondsUntilExpiry(oldestAt: Date | null, now: Date): number {
  if (!oldestAt) return Math.ceil(LOGIN_LIMITS.windowMs / 1000);
  return Math.max(1, Math.ceil((oldestAt.getTime() + LOGIN_LIMITS.windowMs - now.getTime()) / 1000));
}

/**
 * The sign-in limiter: a refusal when the IP has too many recent password failures (sign-in or
 * re-authentication), in total or for this username; null when the attempt may go ahead.
 */
export async function checkPasswordThrottle(options: { prisma: Prisma; username: string; ip: string; now: Date }): Promise<Extract<SignInResult, { outcome: 'throttled' }> | null> {
  const { prisma, username, ip, now } = options;
  const failures = await countLoginFailures(prisma, { ip, username, since: new Date(now.getTime() - LOGIN_LIMITS.windowMs) });
  if (failures.perIpAndUsername.count >= LOGIN_LIMITS.perIpAndUsername) {
    return { outcome: 'throttled', retryAfterSeconds: secondsUntilExpiry(failures.perIpAndUsername.oldestAt, now) };
  }
  if (failures.perIp.count >= LOGIN_LIMITS.perIp) {
    return { outcome: 'throttled', retryAfterSeconds: secondsUntilExpiry(failures.perIp.oldestAt, now) };
  }
  return null;
}

/**
 * Checks admin credentials. Refuses without checking once the IP has too many recent failures, in
 * total or for this username. An unknown username costs the same scrypt work as a wrong password.
 * Writes `admin.login` / `admin.login_failed` audit rows (the failures are the limiter's memory).
 */
export async function signIn(options: { prisma: Prisma; username: string; password: string; ip: string; now?: Date }): Promise<SignInResult> {
  const { prisma, username, password, ip } = options;
  const now = options.now ?? new Date();
  const throttled = await checkPasswordThrottle({ prisma, username, ip, now });
  if (throttled) return throttled;

  const admin = await findAdminByUsername(prisma, username);
  const isValid = await verifyPassword(password, admin?.passwordHash ?? (await getDummyPasswordHash()));
  if (!admin || !isValid) {
    await insertAuditLog(prisma, { action: 'admin.login_failed', adminUserId: admin?.id ?? null, ip, details: { username: username.slice(0, 200) } });
    return { outcome: 'invalid' };
  }
  const updated = await touchAdminLastLogin(prisma, admin.id, now);
  await insertAuditLog(prisma, { action: 'admin.login', adminUserId: admin.id, ip, details: { username: admin.username } });
  return { outcome: 'signed_in', admin: updated };
}
