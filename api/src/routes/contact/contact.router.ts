/** POST /api/contact: rate limit -> size limit -> validate -> store -> answer. */
import express, { Router, type ErrorRequestHandler, type Request } from 'express';
import { ContactInput } from '../../../../common/api/public.ts';
import { CONTACT_TOO_LARGE, CONTACT_TOO_MANY } from '../../../../common/contact-messages.ts';
import type { RouteDeps } from '../../deps.ts';
import { jsonBody } from '../../middleware/json-body.ts';
import { AppError } from '../../errors.ts';
import { toAppError } from '../../middleware/error-handler.ts';
import { parseInput } from '../../middleware/validate.ts';
import { rateLimitByIp } from '../../services/public/rate-limit.ts';
import { submitContactMessage } from '../../services/public/submit-contact-message.ts';

/** A real message is a few KB at most (5,000 characters of message plus the other fields). */
export const CONTACT_BODY_LIMIT_BYTES = 32 * 1024;
export const CONTACT_RATE_LIMIT = { limit: 5, windowMs: 10 * 60 * 1000 };

/**
 * A form posted by a browser without scripts (application/x-www-form-urlencoded): the answer is a page,
 * so it is a 303 back to /contact with `sent=1` or an `error=<message>` for each thing wrong, never JSON
 * (the page shows only the messages of common/contact-messages.ts).
 */
const isFormPost = (req: Request) => Boolean(req.is('application/x-www-form-urlencoded'));
const backToContact = (outcome: { sent: true } | { errors: string[] }) =>
  `/contact?${new URLSearchParams('sent' in outcome ? { sent: '1' } : outcome.errors.map((error) => ['error', error]))}#notifications`;

export function createContactRouter(deps: RouteDeps): Router {
  const router = Router();
  const formBody = express.urlencoded({ extended: false, limit: CONTACT_BODY_LIMIT_BYTES, parameterLimit: 20 });
  router.post(
    '/api/contact',
    rateLimitByIp({ ...CONTACT_RATE_LIMIT, message: CONTACT_TOO_MANY }),
    (req, _res, next) => {
      if (Number(req.headers['content-length'] ?? 0) > CONTACT_BODY_LIMIT_BYTES) {
        throw new AppError('payload_too_large', CONTACT_TOO_LARGE);
      }
      // Any other body would be read as no body at all and answered "Name must be at least 2 characters".
      if (!req.is('application/json') && !isFormPost(req)) {
        throw new AppError('unsupported_media_type', 'Send the message as JSON (Content-Type: application/json).');
      }
      next();
    },
    // The limit holds for a body of unknown length too (chunked): reading stops past it, with a 413.
    jsonBody(CONTACT_BODY_LIMIT_BYTES),
    formBody,
    async (req, res) => {
      const input = parseInput(ContactInput, req.body);
      const { response } = await submitContactMessage({
        prisma: deps.prisma,
        input,
        ip: req.ip ?? null,
        userAgent: req.get('user-agent') ?? null,
      });
      if (isFormPost(req)) res.set('Cache-Control', 'no-store').redirect(303, backToContact({ sent: true }));
      else res.status(201).set('Cache-Control', 'no-store').json(response);
    },
  );
  // A form post that failed (invalid, too many, too large) goes back to the page with what went wrong.
  const formFailed: ErrorRequestHandler = (error, req, res, next) => {
    const known = toAppError(error);
    if (!isFormPost(req) || !known || known.status >= 500) return next(error);
    // Refused input is not a message sent: the rate limit does not count it (as for a 4xx).
    res.locals.refused = known.code !== 'too_many_requests';
    const fieldMessages = Array.isArray(known.details) ? known.details.map((detail: { message?: unknown }) => String(detail.message)) : [];
    const errors = known.code === 'payload_too_large' ? [CONTACT_TOO_LARGE] : fieldMessages.length ? [...new Set(fieldMessages)] : [known.message];
    res.set('Cache-Control', 'no-store').redirect(303, backToContact({ errors }));
  };
  router.use('/api/contact', formFailed);
  return router;
}
