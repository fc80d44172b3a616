/** Data access for admin accounts (admin_users). */
import type { AdminUser } from '../../../generated/prisma/client.ts';
import type { Prisma } from '../../../platform/db/prisma.ts';

export type { AdminUser };

export function findAdminByUsername(prisma: Prisma, username: string): Promise<AdminUser | null> {
  return prisma.adminUser.findUnique({ where: { username } });
}

export function findAdminById(prisma: Prisma, id: number): Promise<AdminUser | null> {
  return prisma.adminUser.findUnique({ where: { id } });
}

export function createAdmin(prisma: Prisma, data: { username: string; passwordHash: string }): Promise<AdminUser> {
  return prisma.adminUser.create({ data });
}

export function updateAdminPasswordHash(prisma: Prisma, id: number, passwordHash: string): Promise<AdminUser> {
  return prisma.adminUser.update({ where: { id }, data: { passwordHash } });
}

export function touchAdminLastLogin(prisma: Prisma, id: number, at: Date): Promise<AdminUser> {
  return prisma.adminUser.update({ where: { id }, data: { lastLoginAt: at } });
}

/** Marks every session signed before `at` as ended (see services/auth/session-fingerprint.ts). */
export function revokeAdminSessions(prisma: Prisma, id: number, at: Date): Promise<AdminUser> {
  return prisma.adminUser.update({ where: { id }, data: { sessionsRevokedAt: at } });
}
