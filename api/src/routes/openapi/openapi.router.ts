/** GET /api/openapi.json: the public API described from its own zod schemas. */
import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { Router } from 'express';
import type { RouteDeps } from '../../deps.ts';
import { preferredEncoding } from '../../../../platform/http/accept-encoding.ts';
import { encodedTag } from '../../services/public/response-cache.ts';
import { buildOpenApiDocument } from './public-api-routes.ts';

interface Built {
  plain: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
}

export function createOpenApiRouter(deps: RouteDeps): Router {
  const router = Router();
  // Built and compressed once (24.5 KB of JSON; 3.0 KB gzip -9, 2.5 KB brotli): it changes only with a release.
  let built: Built | null = null;
  router.get('/api/openapi.json', (req, res) => {
    if (!built) {
      const plain = Buffer.from(JSON.stringify(buildOpenApiDocument({ serverUrl: deps.config.publicUrl })));
      built = { plain, gzip: gzipSync(plain, { level: 9 }), br: brotliCompressSync(plain), etag: `"${createHash('sha1').update(plain).digest('base64url')}"` };
    }
    const encoding = preferredEncoding(req.headers['accept-encoding'], { br: true, gzip: true });
    res.set('Cache-Control', 'public, max-age=3600').vary('Accept-Encoding').type('application/json').set('ETag', encodedTag(built.etag, encoding));
    if (encoding) res.set('Content-Encoding', encoding);
    res.send(encoding === 'br' ? built.br : encoding === 'gzip' ? built.gzip : built.plain);
  });
  return router;
}
