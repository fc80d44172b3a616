/**
 * A fixed-window counter per client key, in memory. Enough for the contact form of one replica;
 * with several replicas each allows `limit` per window (a shared store is not worth it for a form).
 */
import type { RequestHandler } from 'express';
import { AppError } from '../../errors.ts';

export function rateLimitByIp(options: { limit: number; windowMs: number; message: string }): RequestHandler {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return (req, _res, next) => {
    const now = Date.now();
    const key = req.ip ?? 'unknown';
    let window = windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + options.windowMs };
      windows.set(key, window);
      if (windows.size > 10_000) for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
    }
    window.count += 1;
    if (window.count > options.limit) {
      next(new AppError('too_many_requests', options.message, undefined, { retryAfterSeconds: (window.resetAt - now) / 1000 }));
      return;
    }
    next();
  };
}
