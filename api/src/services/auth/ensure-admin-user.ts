import type { Prisma } from '../../../../platform/db/prisma.ts';
import { createAdmin, findAdminByUsername, updateAdminPasswordHash } from '../../repositories/admin-users.ts';
import { insertAuditLog } from '../../repositories/audit-logs.ts';
import { generatePassword, hashPassword, verifyPassword } from './password.ts';

export interface EnsureAdminUserResult {
  created: boolean;
  /** True when an existing admin's password was replaced by the given one. */
  passwordChanged: boolean;
  /** Only when the account was just created without a given password: print it once, never store it. */
  generatedPassword?: string;
}

/**
 * Makes sure the admin account exists at start-up. Creates it from `password` (ADMIN_PASSWORD) or a
 * generated 20-character password returned once; when the account exists and `password` differs
 * from the stored one, rotates the hash (which also ends every session signed with the old one).
 * Never returns the password of an existing account.
 */
export async function ensureAdminUser(options: { prisma: Prisma; username: string; password?: string }): Promise<EnsureAdminUserResult> {
  const { prisma, username, password } = options;
  const existing = await findAdminByUsername(prisma, username);
  if (existing) {
    if (password === undefined || (await verifyPassword(password, existing.passwordHash))) {
      return { created: false, passwordChanged: false };
    }
    await updateAdminPasswordHash(prisma, existing.id, await hashPassword(password));
    await insertAuditLog(prisma, { action: 'admin.password_rotated', adminUserId: existing.id, entity: 'admin_user', entityId: String(existing.id) });
    return { created: false, passwordChanged: true };
  }
  const generatedPassword = password === undefined ? generatePassword(20) : undefined;
  try {
    const admin = await createAdmin(prisma, { username, passwordHash: await hashPassword(password ?? generatedPassword!) });
    await insertAuditLog(prisma, { action: 'admin.created', adminUserId: admin.id, entity: 'admin_user', entityId: String(admin.id) });
  } catch (error) {
    // Another process created it between our read and write (two starts at once): theirs stands.
    if ((error as { code?: unknown }).code === 'P2002') return ensureAdminUser(options);
    throw error;
  }
  return { created: true, passwordChanged: false, ...(generatedPassword ? { generatedPassword } : {}) };
}
