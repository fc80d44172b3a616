/**
 * The admin session: a signed cookie (cookie-session) holding only the admin id and a fingerprint of
 * the password hash. Nothing is stored server-side, so any number of API replicas can serve it.
 */
import { IncomingMessage, ServerResponse } from 'node:http';
import cookieSession from 'cookie-session';
import type { Request, RequestHandler } from 'express';
import type { Config } from '../../../platform/config.ts';
import type { Prisma } from '../../../platform/db/prisma.ts';
import { AppError } from '../errors.ts';
import { findAdminById, type AdminUser } from '../repositories/admin-users.ts';
import { sessionFingerprint } from '../services/auth/session-fingerprint.ts';

export const SESSION_COOKIE = 'dir_session';
/** The cookie policy's retention for authentication cookies. */
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

interface AdminSessionData {
  adminId?: unknown;
  fingerprint?: unknown;
  /** When the admin last entered the password (ms since epoch): sign-in or POST /api/admin/reauth. */
  signedInAt?: unknown;
}

/** `sessionSecret` is the resolved one of the route deps (deps.ts fails fast without it). */
export function createSessionMiddleware(options: { sessionSecret: string; publicUrl: Config['publicUrl'] }): RequestHandler {
  return cookieSession({
    name: SESSION_COOKIE,
    keys: [options.sessionSecret],
    httpOnly: true,
    sameSite: 'strict',
    // Browsers drop Secure cookies on plain http, so only when the public URL is https (behind a
    // TLS-terminating proxy, TRUST_PROXY lets Express see the original https).
    secure: new URL(options.publicUrl).protocol === 'https:',
    maxAge: SESSION_MAX_AGE_MS,
    path: '/',
  }) as RequestHandler;
}

/**
 * Refuses, before any password is checked, a sign-in or re-authentication whose cookie could not be set:
 * with an https PUBLIC_URL the cookie is Secure, and cookie-session silently drops a Secure cookie on a
 * request Express sees as plain http (sent straight to the port, or by a proxy that says http), so the
 * answer would have been "Login successful" with no session. The https-without-TRUST_PROXY case is
 * refused at start-up (platform/config.ts); this is the one only a request can show.
 */
export function assertSessionCookieCanBeSet(req: Request, publicUrl: Config['publicUrl']): void {
  if (new URL(publicUrl).protocol !== 'https:' || req.secure) return;
  throw new AppError(
    'forbidden',
    `Signing in needs https: this site's address is ${publicUrl}, so its session cookie is Secure and a browser would not keep it from this plain-http request. Open ${publicUrl}/admin, through the TLS-terminating proxy.`,
  );
}

/** Starts a session for `admin` (called after a successful sign-in). */
export function startAdminSession(req: Request, admin: AdminUser, sessionSecret: string): void {
  req.session = { adminId: admin.id, fingerprint: sessionFingerprint(admin, sessionSecret), signedInAt: Date.now() } as unknown as Request['session'];
}

/** Records that the admin of this session has just entered the password again (POST /api/admin/reauth). */
export function refreshSignInTime(req: Request): void {
  (req.session as AdminSessionData).signedInAt = Date.now();
}

/**
 * When this session's admin last entered the password, or null for a session that does not say (one
 * started before the time was recorded): the cookie is signed, so the browser cannot move it.
 */
export function sessionSignedInAt(req: Request): number | null {
  const value = (req.session as AdminSessionData | null | undefined)?.signedInAt;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/**
 * True when the request carries a signed admin session cookie (not checked against the database: enough
 * to render a public page for an admin, without the operator's markup and uncached, never to allow a
 * write, which the admin guard decides).
 */
export function hasAdminSession(req: Request): boolean {
  return typeof (req.session as AdminSessionData | null | undefined)?.adminId === 'number';
}

export function endAdminSession(req: Request): void {
  req.session = null;
}

/**
 * The admin this request's session belongs to, or null. A session whose admin is gone or whose
 * password changed since sign-in is cleared, so the browser drops the stale cookie.
 */
export async function authenticateSession(req: IncomingMessage & { session?: unknown }, deps: { prisma: Prisma; sessionSecret: string }): Promise<AdminUser | null> {
  const session = req.session as AdminSessionData | null | undefined;
  if (!session || typeof session.adminId !== 'number' || typeof session.fingerprint !== 'string') return null;
  const admin = await findAdminById(deps.prisma, session.adminId);
  if (admin && sessionFingerprint(admin, deps.sessionSecret) === session.fingerprint) return admin;
  (req as { session?: unknown }).session = null;
  return null;
}

/**
 * Reads the session of a raw request outside Express (a WebSocket upgrade) with the same
 * middleware, so signature checks cannot drift between the two paths.
 */
export function loadSessionOutsideExpress(req: IncomingMessage, middleware: RequestHandler): Promise<void> {
  return new Promise((resolve, reject) => {
    const res = new ServerResponse(req);
    middleware(req as Request, res as never, (error?: unknown) => (error ? reject(error) : resolve()));
  });
}
