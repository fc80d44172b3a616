/**
 * A fixed-window counter per client key, in memory. Enough for the contact form of one replica;
 * with several replicas each allows `limit` per window (a shared store is not worth it for a form).
 * Only requests that are accepted count: one refused as invalid (a 4xx other than this 429) gives its
 * slot back, so a visitor who mistyped a field a few times is not locked out for the window.
 */
import type { RequestHandler } from 'express';
import { AppError } from '../../errors.ts';

export function rateLimitByIp(options: { limit: number; windowMs: number; message: string }): RequestHandler {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return (req, res, next) => {
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
    const counted = window;
    res.on('finish', () => {
      if ((res.statusCode >= 400 && res.statusCode < 500 && res.statusCode !== 429) || res.locals.refused === true) counted.count -= 1;
    });
    next();
  };
}
