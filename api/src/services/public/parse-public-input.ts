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
  const details = result.error.issues.map((issue) => {
    const field = issue.path.map(String).join('.') || '(root)';
    return { field, message: inWords(field, issue.message) };
  });
  throw new AppError('bad_request', details[0].message, details);
}

const KINDS: Record<string, string> = { string: 'text', number: 'a number', boolean: 'true or false', object: 'a JSON object', array: 'a list' };

/**
 * The rule's own sentence when it has one ('Name must be at least 2 characters'), else zod's words
 * ("Invalid input: expected string, received array") put as a sentence that names the field.
 */
function inWords(field: string, message: string): string {
  const isOwnSentence = message.startsWith(`${field} `) || (/^[A-Z]/.test(message) && !/^(Invalid|Too (big|small))/.test(message));
  if (isOwnSentence) return message;
  const type = /expected (\w+), received (\w+)/.exec(message);
  if (field === '(root)') return type ? `The body must be ${KINDS[type[1]] ?? type[1]}, not ${KINDS[type[2]] ?? type[2]}.` : message;
  if (type?.[2] === 'array') return `${field} must be given once`;
  if (type) return `${field} must be ${KINDS[type[1]] ?? type[1]}`;
  const size = /^Too (big|small): expected \w+ to have ([<>]=?)(\d+) (\w+)/.exec(message);
  if (size) return `${field} must be at ${size[1] === 'big' ? 'most' : 'least'} ${size[3]} ${size[4]}`;
  return `${field}: ${message}`;
}
