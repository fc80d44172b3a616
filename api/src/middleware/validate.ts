/**
 * zod validation of request input, the one helper for every route. A failure is a 400 AppError with
 * every issue listed in `details`; its message comes in one of two styles:
 * - 'sentence' (the visitor API, the default): the rule's own sentence ('Name must be at least 2
 *   characters', 'page must be an integer from 1 to 100'), which the frontend shows as is;
 * - 'labelled' (the admin API, whose answers and tests fix it): where and which field, e.g.
 *   `Invalid body: "username" is required.`
 */
import type { RequestHandler } from 'express';
import type { z } from 'zod';
import { AppError } from '../errors.ts';

export type InputLocation = 'body' | 'query' | 'params';

export interface ParseInputOptions {
  style?: 'sentence' | 'labelled';
  /** Named in a labelled message ('Invalid query: ...'); defaults to 'body'. */
  location?: InputLocation;
}

export interface ValidationIssue {
  field: string;
  message: string;
}

/** Parses `value` with `schema` or throws a 400 AppError naming the offending field(s). */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, options: ParseInputOptions = {}): z.output<S> {
  const { style = 'sentence', location = 'body' } = options;
  // A request without a body leaves req.body undefined: parsed as an empty object, each missing field is named.
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  if (style === 'sentence') {
    const details = result.error.issues.map((issue) => {
      const field = fieldOf(issue);
      return { field, message: inWords(field, issue.message) };
    });
    throw new AppError('bad_request', details[0].message, details);
  }
  const details = result.error.issues.map(describeIssue);
  const first = details[0];
  const summary = first.field === '(root)' ? first.message : `"${first.field}" ${first.message}`;
  throw new AppError('bad_request', `Invalid ${location}: ${summary}.`, details);
}

/**
 * Middleware form (labelled messages): replaces req.body / req.query / req.params with the parsed
 * (coerced, defaulted) values. Express 5 exposes req.query as a getter, so it is redefined on the request instead.
 */
export function validate(schemas: Partial<Record<InputLocation, z.ZodType>>): RequestHandler {
  return (req, _res, next) => {
    if (schemas.params) req.params = parseInput(schemas.params, req.params, { style: 'labelled', location: 'params' }) as typeof req.params;
    if (schemas.query) {
      const query = parseInput(schemas.query, req.query, { style: 'labelled', location: 'query' });
      Object.defineProperty(req, 'query', { value: query, writable: true, configurable: true, enumerable: true });
    }
    if (schemas.body) req.body = parseInput(schemas.body, req.body, { style: 'labelled', location: 'body' });
    next();
  };
}

const fieldOf = (issue: z.core.$ZodIssue) => issue.path.map(String).join('.') || '(root)';

function describeIssue(issue: z.core.$ZodIssue): ValidationIssue {
  // zod reports a missing key as an invalid_type that received undefined; say it plainly.
  const missing = issue.code === 'invalid_type' && /received undefined/.test(issue.message);
  return { field: fieldOf(issue), message: missing ? 'is required' : issue.message };
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
