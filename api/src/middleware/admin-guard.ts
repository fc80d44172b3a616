/**
 * The one access policy, mounted before every router so a route added later is guarded by default:
 *  - every request under /api/admin requires an admin session, except POST /api/admin/login;
 *  - every state-changing request (POST/PUT/PATCH/DELETE) under /api requires one too, except the
 *    public allow-list below;
 *  - every state-changing request anywhere must come from an allowed Origin when the browser says
 *    where it comes from (Origin, or Referer when Origin is absent).
 */
import type { RequestHandler } from 'express';
import type { Config } from '../../../platform/config.ts';
import type { Prisma } from '../../../platform/db/prisma.ts';
import type { AdminUser } from '../repositories/admin-users.ts';
import { AppError } from '../errors.ts';
import { ADMIN_ROUTES } from '../routes/admin/admin-routes.ts';
import { methodNotAllowed } from './public-methods.ts';
import { authenticateSession } from './session.ts';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** The signed-in admin, set by the guard on every route it protects. */
      admin?: AdminUser;
    }
  }
}

export const STATE_CHANGING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Write routes anyone may call. Keep this list short: each entry is a public attack surface. */
export const PUBLIC_WRITE_ROUTES: ReadonlyArray<{ method: string; path: string }> = [ADMIN_ROUTES.signIn, { method: 'POST', path: '/api/contact' }];

/**
 * Express matches routes case-insensitively and ignores a trailing slash, so the policy compares
 * the same normal form (and also the %-decoded form, to be safe against encoded letters).
 */
function normalForms(path: string): string[] {
  const normalise = (value: string) => value.toLowerCase().replace(/\/{2,}/g, '/').replace(/\/+$/, '') || '/';
  const forms = [normalise(path)];
  try {
    const decoded = normalise(decodeURIComponent(path));
    if (decoded !== forms[0]) forms.push(decoded);
  } catch {
    // A malformed escape cannot match any route; the raw form is enough.
  }
  return forms;
}

function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** True when the policy demands an admin session for this method and path. */
export function requiresAdmin(method: string, path: string): boolean {
  const upper = method.toUpperCase();
  const forms = normalForms(path);
  const isPublic = forms.every((form) => PUBLIC_WRITE_ROUTES.some((route) => route.method === upper && route.path === form));
  if (isPublic) return false;
  return forms.some((form) => isUnder(form, '/api/admin') || (STATE_CHANGING_METHODS.has(upper) && isUnder(form, '/api')));
}

/** Null when the request's Origin (or Referer) is absent or allowed; otherwise the offending origin. */
export function findDisallowedOrigin(headers: { origin?: string; referer?: string }, allowedOrigins: readonly string[]): string | null {
  const claimed = headers.origin ?? headers.referer;
  if (claimed === undefined) return null;
  let origin: string;
  try {
    origin = new URL(claimed).origin;
  } catch {
    return claimed; // "null" (sandboxed frames, file://) and garbage are never allowed.
  }
  return allowedOrigins.includes(origin) ? null : origin;
}

export function createAdminGuard(deps: { prisma: Prisma; config: Pick<Config, 'allowedOrigins'>; sessionSecret: string }): RequestHandler {
  const allowedOrigins = deps.config.allowedOrigins.map((origin) => new URL(origin).origin);
  return async (req, res, next) => {
    if (STATE_CHANGING_METHODS.has(req.method) && findDisallowedOrigin(req.headers, allowedOrigins) !== null) {
      throw new AppError('forbidden', 'This request did not come from an allowed origin.');
    }
    if (!requiresAdmin(req.method, req.path)) return next();
    // Admin answers are per-user: never let a browser or shared cache keep them.
    res.setHeader('Cache-Control', 'no-store');
    const admin = await authenticateSession(req, { prisma: deps.prisma, sessionSecret: deps.sessionSecret });
    // A write to a public path (PUT /api/homepage-data) is a wrong method, not a missing sign-in.
    if (!admin) throw (!isUnder(req.path.toLowerCase(), '/api/admin') && methodNotAllowed(req.method, req.path)) || new AppError('unauthorized', 'Admin sign-in required.');
    req.admin = admin;
    next();
  };
}
