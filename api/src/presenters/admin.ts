import type { AdminUser } from '../repositories/admin-users.ts';

export interface AdminProfile {
  username: string;
  lastLoginAt: string | null;
}

/** The admin as the panel sees it: never the password hash or id. */
export function presentAdmin(admin: AdminUser): AdminProfile {
  return { username: admin.username, lastLoginAt: admin.lastLoginAt?.toISOString() ?? null };
}
