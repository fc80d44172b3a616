/**
 * Admin sign-in, sign-out, "who am I" and re-authentication (the password entered again before a
 * destructive action). The guard (middleware/admin-guard.ts) protects /me, /logout and /reauth.
 */
import { Router } from 'express';
import type { RouteDeps } from '../../../deps.ts';
import { AppError } from '../../../errors.ts';
import { assertSessionCookieCanBeSet, startAdminSession, endAdminSession, refreshSignInTime } from '../../../middleware/session.ts';
import { parseInput } from '../../../middleware/validate.ts';
import { presentAdmin } from '../../../presenters/admin.ts';
import { signIn } from '../../../services/auth/sign-in.ts';
import { reauthenticate, REAUTH_WINDOW_MS } from '../../../services/auth/reauthenticate.ts';
import { signOut } from '../../../services/auth/sign-out.ts';
import { LoginBody, ReauthBody, type LoginResponse, type ReauthResponse } from '../../../../../common/api/admin.ts';
import { addAdminRoute, ADMIN_ROUTES } from '../admin-routes.ts';

export const LOGIN_FAILED_MESSAGE = 'Username or password is incorrect';

function tooManyAttempts(retryAfterSeconds: number): AppError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new AppError('too_many_requests', `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, undefined, { retryAfterSeconds });
}

export function createAdminAuthRouter(deps: RouteDeps): Router {
  const router = Router();

  addAdminRoute(router, ADMIN_ROUTES.signIn, async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    assertSessionCookieCanBeSet(req, deps.config.publicUrl);
    const input = parseInput(LoginBody, req.body, { style: 'labelled' });
    const result = await signIn({ prisma: deps.prisma, ...input, ip: req.ip ?? 'unknown' });
    if (result.outcome === 'throttled') throw tooManyAttempts(result.retryAfterSeconds);
    if (result.outcome === 'invalid') {
      // The spec's login answer carries `success: false` beside the usual error and message.
      throw new AppError('unauthorized', LOGIN_FAILED_MESSAGE, undefined, { fields: { success: false } satisfies Partial<LoginResponse> });
    }
    startAdminSession(req, result.admin, deps.sessionSecret);
    res.json({ success: true, message: 'Login successful' } satisfies LoginResponse);
  });

  addAdminRoute(router, ADMIN_ROUTES.signOut, async (req, res) => {
    await signOut({ prisma: deps.prisma, admin: req.admin!, ip: req.ip });
    endAdminSession(req);
    res.json({ success: true, message: 'Logged out' } satisfies LoginResponse);
  });

  addAdminRoute(router, ADMIN_ROUTES.reauth, async (req, res) => {
    // The new sign-in time lives in the cookie: one that cannot be set would make this a false success.
    assertSessionCookieCanBeSet(req, deps.config.publicUrl);
    const input = parseInput(ReauthBody, req.body, { style: 'labelled' });
    const result = await reauthenticate({ prisma: deps.prisma, admin: req.admin!, password: input.password, ip: req.ip ?? 'unknown' });
    if (result.outcome === 'throttled') throw tooManyAttempts(result.retryAfterSeconds);
    if (result.outcome === 'invalid') throw new AppError('unauthorized', 'The password is incorrect', undefined, { fields: { success: false } });
    refreshSignInTime(req);
    const validUntil = new Date(Date.now() + REAUTH_WINDOW_MS).toISOString();
    res.json({ success: true, message: 'Password confirmed', validUntil } satisfies ReauthResponse);
  });

  addAdminRoute(router, ADMIN_ROUTES.currentAdmin, (req, res) => {
    res.json(presentAdmin(req.admin!));
  });

  return router;
}
