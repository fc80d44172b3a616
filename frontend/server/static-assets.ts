/** Serving built, hashed assets: the precompressed form a browser accepts, else the plain file. */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import express from 'express';
import { preferredEncoding } from '../../platform/http/accept-encoding.ts';
import { setRouteLabel } from '../../api/src/middleware/request-metrics.ts';

/**
 * The brotli or gzip form of an asset (made by the build: build.ts) for a browser that accepts it; the
 * plain file otherwise (express.static, next). Only names found in the directory are served, so a path
 * cannot leave it.
 */
export function precompressedAssets(dir: string): express.RequestHandler {
  const files = new Set(existsSync(dir) ? readdirSync(dir) : []);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const name = req.path.slice(1);
    if (!files.has(`${name}.br`) && !files.has(`${name}.gz`)) return next();
    res.vary('Accept-Encoding');
    const encoding = preferredEncoding(req.headers['accept-encoding'], { br: files.has(`${name}.br`), gzip: files.has(`${name}.gz`) });
    if (!encoding) return next();
    res.type(path.extname(name)).set('Content-Encoding', encoding);
    res.sendFile(`${name}${encoding === 'br' ? '.br' : '.gz'}`, { root: dir, immutable: true, maxAge: '365d' }, (error) => {
      if (error) next(error);
    });
  };
}

/** The request metrics' route label of every built asset, found or not (no route pattern serves them). */
export const ASSETS_ROUTE = 'assets';

/** Hashed file names never change content: cached for a year; an unknown name is a 404, not a page. */
export function hashedAssets(dir: string): express.RequestHandler[] {
  const labelled: express.RequestHandler = (req, _res, next) => {
    setRouteLabel(req, ASSETS_ROUTE);
    next();
  };
  return [labelled, precompressedAssets(dir), express.static(dir, { index: false, fallthrough: false, immutable: true, maxAge: '365d' })];
}
