import { createHmac } from 'node:crypto';
import type { AdminUser } from '../../repositories/admin-users.ts';

/**
 * A short keyed digest of the admin's password hash and last sign-out, kept in the session cookie.
 * Cookie sessions are stateless, so this is how the server revokes them: after a password change
 * or a sign-out the digest no longer matches and every cookie signed before is rejected.
 * Keyed with the session secret so the (readable) cookie reveals nothing about the hash.
 */
export function sessionFingerprint(admin: Pick<AdminUser, 'passwordHash' | 'sessionsRevokedAt'>, sessionSecret: string): string {
  return createHmac('sha256', sessionSecret)
    .update(admin.passwordHash)
    .update('\0')
    .update(admin.sessionsRevokedAt?.toISOString() ?? '')
    .digest('base64url')
    .slice(0, 22);
}
