import express from 'express';

/**
 * A JSON body parser with `limit` (bytes, or '1mb'). NUL cannot be stored in PostgreSQL text: it is
 * dropped from every JSON string rather than failing the write.
 */
export function jsonBody(limit: number | string): express.RequestHandler {
  return express.json({ limit, reviver: (_key, value) => (typeof value === 'string' && value.includes('\u0000') ? value.replaceAll('\u0000', '') : value) });
}
