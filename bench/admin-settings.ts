/**
 * The admin sitemap calls at scale: GET /api/admin/sitemaps (describeSitemaps: the business files from the
 * trigger-kept counts, the other figures from sitemap_counts), the recount a regenerate runs before it
 * answers (one grouped scan), and what a regenerate costs a crawler afterwards (every file rebuilt on its
 * first request).
 *
 * `benchAdminSettings` runs against an already seeded database (bench/admin.bench.ts calls it);
 * `tsx bench/admin-settings.ts --count N` seeds N demo businesses into a throwaway PostgreSQL first.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { parseArgs } from 'node:util';
import express from 'express';
import { describeSitemaps } from '../api/src/services/admin/describe-sitemaps.ts';
import {
  listBusinessSitemapPages,
  listCategorySitemapEntries,
  listCitySitemapEntries,
  listCountrySitemapEntries,
  recordSitemapGeneration,
} from '../api/src/repositories/sitemap-entries.ts';
import { URLS_PER_BUSINESS_SITEMAP } from '../common/sitemaps.ts';
import { createSitemapRouter } from '../frontend/server/sitemaps.ts';
import { createPool, type Pool } from '../platform/db/pool.ts';
import { startThrowawayServers } from '../platform/runtime/throwaway-servers.ts';
import { seedDemoData } from '../prisma/seed/seed-demo-data.ts';
import { percentile } from './support.ts';

export interface AdminSettingsBenchResult {
  businesses: number;
  sitemapFiles: number;
  sitemapUrls: number;
  /** GET /api/admin/sitemaps, milliseconds. */
  describeMs: { p50: number; p95: number; max: number };
  /** The answer of POST /api/admin/sitemaps/regenerate (describeSitemaps with a recount), milliseconds. */
  recountMs: { p50: number; max: number };
  /** The live count GET used to run on every call (the files' own queries over every business), milliseconds. */
  liveCountMs: { p50: number; max: number };
  /** After a regenerate: every file fetched once (each built on that request), milliseconds. */
  coldCrawlMs: number;
  /** The same files again (served from the cache), milliseconds. */
  warmCrawlMs: number;
  /** Bytes of XML a crawler downloads (uncompressed). */
  crawlBytes: number;
}

/** Measures the sitemap admin calls against the seeded `pool`. */
export async function benchAdminSettings(options: { pool: Pool; rounds?: number; publicUrl?: string }): Promise<AdminSettingsBenchResult> {
  const { pool } = options;
  const publicUrl = options.publicUrl ?? 'https://directory.example';
  const rounds = options.rounds ?? 10;
  const times: number[] = [];
  let status = await describeSitemaps({ pool, publicUrl });
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    status = await describeSitemaps({ pool, publicUrl });
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const recounts: number[] = [];
  for (let round = 0; round < 3; round++) {
    const started = performance.now();
    await describeSitemaps({ pool, publicUrl, recount: true });
    recounts.push(performance.now() - started);
  }
  recounts.sort((a, b) => a - b);
  const liveCounts: number[] = [];
  for (let round = 0; round < 3; round++) {
    const started = performance.now();
    await Promise.all([
      listBusinessSitemapPages(pool, URLS_PER_BUSINESS_SITEMAP),
      listCategorySitemapEntries(pool),
      listCitySitemapEntries(pool),
      listCountrySitemapEntries(pool),
    ]);
    liveCounts.push(performance.now() - started);
  }
  liveCounts.sort((a, b) => a - b);

  const server = express().use(createSitemapRouter({ pool, publicUrl })).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const crawl = async () => {
    let bytes = 0;
    const started = performance.now();
    for (const file of status.files) {
      const response = await fetch(base + file.path, { headers: { 'accept-encoding': 'identity' } });
      if (!response.ok) throw new Error(`${file.path} answered ${response.status}`);
      bytes += (await response.arrayBuffer()).byteLength;
    }
    return { ms: performance.now() - started, bytes };
  };
  try {
    await recordSitemapGeneration(pool);
    const cold = await crawl();
    const warm = await crawl();
    const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM businesses');
    return {
      businesses: rows[0].n,
      sitemapFiles: status.files.length,
      sitemapUrls: status.totalUrls,
      describeMs: { p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1) ?? NaN },
      recountMs: { p50: percentile(recounts, 50), max: recounts.at(-1) ?? NaN },
      liveCountMs: { p50: percentile(liveCounts, 50), max: liveCounts.at(-1) ?? NaN },
      coldCrawlMs: cold.ms,
      warmCrawlMs: warm.ms,
      crawlBytes: cold.bytes,
    };
  } finally {
    server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { count: { type: 'string', default: '5000' }, rounds: { type: 'string', default: '10' } } });
  const count = Number(values.count);
  const servers = await startThrowawayServers({ name: 'bench-admin-settings', database: 'bench', ephemeral: true });
  try {
    const pool = createPool(servers.databaseUrl, { max: 4, applicationName: 'bench-admin-settings' });
    await seedDemoData({ pool, count });
    await pool.query('VACUUM ANALYZE businesses');
    const result = await benchAdminSettings({ pool, rounds: Number(values.rounds) });
    await pool.end();
    console.log(`businesses:        ${result.businesses.toLocaleString('en')} (Node ${process.version}, ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)})`);
    console.log(`sitemap files:     ${result.sitemapFiles} with ${result.sitemapUrls.toLocaleString('en')} URLs`);
    console.log(`GET sitemaps:      p50 ${result.describeMs.p50.toFixed(1)} ms, p95 ${result.describeMs.p95.toFixed(1)} ms, max ${result.describeMs.max.toFixed(1)} ms`);
    console.log(`regenerate recount: p50 ${result.recountMs.p50.toFixed(1)} ms, max ${result.recountMs.max.toFixed(1)} ms (3 rounds)`);
    console.log(`live count (old GET): p50 ${result.liveCountMs.p50.toFixed(1)} ms, max ${result.liveCountMs.max.toFixed(1)} ms (3 rounds)`);
    console.log(`crawl after regen: ${result.coldCrawlMs.toFixed(0)} ms cold, ${result.warmCrawlMs.toFixed(0)} ms warm, ${(result.crawlBytes / 1024 / 1024).toFixed(1)} MB of XML`);
  } finally {
    await servers.stop();
  }
}
