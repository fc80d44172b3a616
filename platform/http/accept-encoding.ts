/**
 * Content negotiation of Accept-Encoding, for every compressed answer: the cached API answers
 * (gzip, api/src/services/public/response-cache.ts), the server-rendered pages (gzip) and the built
 * assets (brotli or gzip, frontend/server/create-frontend-handler.ts).
 */

/**
 * brotli or gzip, whichever is available and accepted, else null (send the plain body). A coding is
 * accepted with a q above 0 (by name, or by `*`) and not below identity's. Browsers list "gzip, deflate,
 * br" at equal weight, where Express's negotiation would take the first listed: brotli is ~15% smaller
 * for scripts, so at equal weight it wins.
 */
export function preferredEncoding(acceptEncoding: string | undefined, available: { br: boolean; gzip: boolean }): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  const identity = weights.get('identity') ?? 0;
  const br = available.br ? weightOf('br') : 0;
  const gzip = available.gzip ? Math.max(weightOf('gzip'), weights.get('x-gzip') ?? 0) : 0;
  if (br > 0 && br >= gzip && br >= identity) return 'br';
  if (gzip > 0 && gzip >= identity) return 'gzip';
  return null;
}

/** Whether an answer that exists plain and gzipped should go out gzipped. */
export function prefersGzip(acceptEncoding: string | undefined): boolean {
  return preferredEncoding(acceptEncoding, { br: false, gzip: true }) === 'gzip';
}
