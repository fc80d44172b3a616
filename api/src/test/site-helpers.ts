/**
 * What admin route tests need from the site (frontend/server), beside the harness that mounts it: route
 * code and its tests may not import frontend/ (api-layers-not-into-frontend), the test set-up may.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { Pool } from '../../../platform/db/pool.ts';
import { createSitemapRouter } from '../../../frontend/server/sitemaps.ts';

/** Builds the public site when its sources changed, so the harness's site renders pages instead of a 503. */
export { ensureFrontendBuild } from '../../../frontend/server/build.ts';

/**
 * The sitemaps as another API process serves them: its own in-memory cache over the same database.
 * Answers its URL and a close function.
 */
export async function startOtherSitemapProcess(options: { pool: Pool; publicUrl: string }): Promise<{ url: string; close(): void }> {
  const server = express().use(createSitemapRouter(options)).listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}
