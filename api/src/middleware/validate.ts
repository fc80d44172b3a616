/**
 * zod validation of request input. A failure is a 400 whose message names the field, e.g.
 * `Invalid body: "username" is required.`, with every issue listed in `details`.
 */
import type { RequestHandler } from 'express';
import type { z } from 'zod';
import { AppError } from '../errors.ts';

export type InputLocation = 'body' | 'query' | 'params';

export interface ValidationIssue {
  field: string;
  message: string;
}

function describeIssue(issue: z.core.$ZodIssue): ValidationIssue {
  const field = issue.path.map(String).join('.') || '(root)';
  // zod reports a missing key as an invalid_type that received undefined; say it plainly.
  const missing = issue.code === 'invalid_type' && /received undefined/.test(issue.message);
  return { field, message: missing ? 'is required' : issue.message };
}

/** Parses `value` with `schema` or throws a 400 AppError naming the offending field(s). */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, location: InputLocation = 'body'): z.output<S> {
  const result = schema.safeParse(value ?? (location === 'body' ? {} : value));
  if (result.success) return result.data;
  const details = result.error.issues.map(describeIssue);
  const first = details[0];
  const summary = first.field === '(root)' ? first.message : `"${first.field}" ${first.message}`;
  throw new AppError('bad_request', `Invalid ${location}: ${summary}.`, details);
}

/**
 * Middleware form: replaces req.body / req.query / req.params with the parsed (coerced, defaulted)
 * values. Express 5 exposes req.query as a getter, so it is redefined on the request instead.
 */
export function validate(schemas: Partial<Record<InputLocation, z.ZodType>>): RequestHandler {
  return (req, _res, next) => {
    if (schemas.params) req.params = parseInput(schemas.params, req.params, 'params') as typeof req.params;
    if (schemas.query) {
      const query = parseInput(schemas.query, req.query, 'query');
      Object.defineProperty(req, 'query', { value: query, writable: true, configurable: true, enumerable: true });
    }
    if (schemas.body) req.body = parseInput(schemas.body, req.body, 'body');
    next();
  };
}
