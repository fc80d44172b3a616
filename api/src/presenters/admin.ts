import type { AdminProfile } from '../../../common/api/admin.ts';
import type { AdminUser } from '../repositories/admin-users.ts';

/** The admin as the panel sees it: never the password hash or id. */
export function presentAdmin(admin: AdminUser): AdminProfile {
  return { username: admin.username, lastLoginAt: admin.lastLoginAt?.toISOString() ?? null };
}
