/**
 * requireRecentSignIn: destructive global actions (delete all, delete test data, fix slugs) are refused
 * with 403 `reauth_required` unless the admin entered the password within the last 10 minutes, at sign-in
 * or with POST /api/admin/reauth. A session cookie left in an unlocked browser (or stolen) then cannot
 * empty the directory. Runs after the admin guard, which has already checked the session itself.
 */
import type { RequestHandler } from 'express';
import { AppError } from '../errors.ts';
import { REAUTH_WINDOW_MS } from '../services/auth/reauthenticate.ts';
import { sessionSignedInAt } from './session.ts';

export const REAUTH_REQUIRED_MESSAGE = 'Enter your password again to continue: this action needs a sign-in from the last 10 minutes.';

export function requireRecentSignIn(options: { now?: () => number } = {}): RequestHandler {
  const now = options.now ?? Date.now;
  return (req, _res, next) => {
    const signedInAt = sessionSignedInAt(req);
    // A time well in the future is not trusted either (a minute allows for replicas' clocks to differ).
    const age = signedInAt === null ? Infinity : now() - signedInAt;
    if (!(age >= -60_000 && age <= REAUTH_WINDOW_MS)) throw new AppError('reauth_required', REAUTH_REQUIRED_MESSAGE);
    next();
  };
}
