/**
 * Input parsing for the visitor API: a 400 whose message is the rule's own sentence
 * ('Name must be at least 2 characters', 'page must be an integer from 1 to 100'), which the
 * frontend can show as is; every issue is listed in `details`.
 */
import type { z } from 'zod';
import { AppError } from '../../errors.ts';

export function parsePublicInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => ({ field: issue.path.map(String).join('.') || '(root)', message: issue.message }));
  const first = details[0];
  // zod's own messages ("Invalid input: expected number") do not name the field; ours already do.
  const isOwnSentence =
    first.message.startsWith(`${first.field} `) || (/^[A-Z]/.test(first.message) && !/^(Invalid|Too (big|small))/.test(first.message));
  throw new AppError('bad_request', isOwnSentence || first.field === '(root)' ? first.message : `${first.field}: ${first.message}`, details);
}
