/** POST /api/contact: rate limit -> size limit -> validate -> store -> answer. */
import { Router } from 'express';
import { ContactInput } from '../../../../common/api/public.ts';
import type { RouteDeps } from '../../deps.ts';
import { jsonBody } from '../../middleware/json-body.ts';
import { AppError } from '../../errors.ts';
import { parsePublicInput } from '../../services/public/parse-public-input.ts';
import { rateLimitByIp } from '../../services/public/rate-limit.ts';
import { submitContactMessage } from '../../services/public/submit-contact-message.ts';

/** A real message is a few KB at most (5,000 characters of message plus the other fields). */
export const CONTACT_BODY_LIMIT_BYTES = 32 * 1024;
export const CONTACT_RATE_LIMIT = { limit: 5, windowMs: 10 * 60 * 1000 };

export function createContactRouter(deps: RouteDeps): Router {
  const router = Router();
  router.post(
    '/api/contact',
    rateLimitByIp({ ...CONTACT_RATE_LIMIT, message: 'Too many messages from this address. Please try again later.' }),
    (req, _res, next) => {
      if (Number(req.headers['content-length'] ?? 0) > CONTACT_BODY_LIMIT_BYTES) {
        throw new AppError('payload_too_large', 'The message is too large.');
      }
      // Any other body would be read as no body at all and answered "Name must be at least 2 characters".
      if (!req.is('application/json')) {
        throw new AppError('unsupported_media_type', 'Send the message as JSON (Content-Type: application/json).');
      }
      next();
    },
    // The limit holds for a body of unknown length too (chunked): reading stops past it, with a 413.
    jsonBody(CONTACT_BODY_LIMIT_BYTES),
    async (req, res) => {
      const input = parsePublicInput(ContactInput, req.body);
      const { response } = await submitContactMessage({
        prisma: deps.prisma,
        input,
        ip: req.ip ?? null,
        userAgent: req.get('user-agent') ?? null,
      });
      res.status(201).set('Cache-Control', 'no-store').json(response);
    },
  );
  return router;
}
