/**
 * What the shell's health chip and notification badge add up to (layout/use-live-status.ts), for the
 * states a shared test machine cannot provoke in a browser: a database or search that is down, missing
 * indexes, pending migrations, an indexer far behind, an API that does not answer.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import type { AdminDashboard } from '../../../common/api/admin.ts';
import { attentionOf, summariseHealth, type Readiness } from '../../src/admin/layout/use-live-status.ts';

const ready = (checks: Partial<Record<keyof Readiness['checks'], boolean>> = {}): Readiness => {
  const check = (ok = true) => (ok ? { ok } : { ok, detail: 'unreachable' });
  const all = { postgres: check(checks.postgres), migrations: check(checks.migrations), meilisearch: check(checks.meilisearch), indexes: check(checks.indexes) };
  return { status: Object.values(all).every((entry) => entry.ok) ? 'ready' : 'not_ready', checks: all };
};

function dashboard(overrides: { reachable?: boolean; lagSeconds?: number; outboxDepth?: number; pending?: number; failed?: number } = {}): AdminDashboard {
  return {
    generatedAt: new Date().toISOString(),
    businesses: { total: 10, approved: 10 - (overrides.pending ?? 0), pending: overrides.pending ?? 0, categories: 2, averageRating: 4.2, ratedBusinesses: 5 },
    directory: { countries: 1, cities: 1, computedAt: null },
    imports: {
      last: null,
      running: 0,
      lastDay: { reports: overrides.failed ?? 0, failed: overrides.failed ?? 0 },
      recentFailures: Array.from({ length: Math.min(5, overrides.failed ?? 0) }, (_, id) => ({ id, fileName: `f${id}.csv`, createdAt: new Date().toISOString() })),
    },
    search: { reachable: overrides.reachable ?? true, outboxDepth: overrides.outboxDepth ?? 0, lagSeconds: overrides.lagSeconds ?? 0, indexedBusinesses: 10 },
    storage: { databaseBytes: 1, searchBytes: 1 },
    process: { pid: 1, uptimeSeconds: 1, memory: { rssBytes: 1, heapUsedBytes: 1, heapTotalBytes: 1, externalBytes: 0 } },
    requests: {
      scope: 'process',
      lastMinute: { seconds: 60, requests: 0, perSecond: 0, p95Ms: null, serverErrors: 0 },
      last5Minutes: { seconds: 300, requests: 0, perSecond: 0, p95Ms: null, serverErrors: 0 },
    },
    recentActivity: [],
  };
}

const problems = (summary: ReturnType<typeof summariseHealth>) => summary.parts.flatMap((part) => (part.problem ? [[part.part, part.level, part.problem.key]] : []));

describe('the health chip and the notification badge', () => {
  test("all well is 'ok' only once both answers are in", () => {
    assert.equal(summariseHealth({ readinessFailed: false, dashboardFailed: false }).level, 'unknown');
    assert.equal(summariseHealth({ readiness: ready(), readinessFailed: false, dashboardFailed: false }).level, 'unknown', 'indexer not known yet');
    const well = summariseHealth({ readiness: ready(), readinessFailed: false, dashboard: dashboard({ lagSeconds: 2, outboxDepth: 3 }), dashboardFailed: false });
    assert.equal(well.level, 'ok');
    assert.deepEqual(problems(well), []);
    assert.equal(well.parts.find((part) => part.part === 'indexer')?.queued, 3);
  });

  test('each fault is named, and the worst decides the colour', () => {
    const check = (input: Parameters<typeof summariseHealth>[0]) => {
      const summary = summariseHealth(input);
      return [summary.level, problems(summary)];
    };
    assert.deepEqual(check({ readinessFailed: true, dashboardFailed: true }), ['danger', [['api', 'danger', 'apiDown']]]);
    assert.deepEqual(check({ readiness: ready({ postgres: false, migrations: false }), readinessFailed: false, dashboard: dashboard(), dashboardFailed: false }), ['danger', [['database', 'danger', 'databaseDown']]]);
    assert.deepEqual(check({ readiness: ready({ migrations: false }), readinessFailed: false, dashboard: dashboard(), dashboardFailed: false }), ['warning', [['database', 'warning', 'migrationsPending']]]);
    assert.deepEqual(check({ readiness: ready({ meilisearch: false, indexes: false }), readinessFailed: false, dashboard: dashboard({ reachable: false }), dashboardFailed: false }), ['danger', [['search', 'danger', 'searchDown']]]);
    // The dashboard's own search read failing is enough.
    assert.deepEqual(check({ readiness: ready(), readinessFailed: false, dashboard: dashboard({ reachable: false }), dashboardFailed: false }), ['danger', [['search', 'danger', 'searchDown']]]);
    assert.deepEqual(check({ readiness: ready({ indexes: false }), readinessFailed: false, dashboard: dashboard(), dashboardFailed: false }), ['warning', [['search', 'warning', 'indexesMissing']]]);
    assert.deepEqual(check({ readiness: ready(), readinessFailed: false, dashboard: dashboard({ lagSeconds: 59 }), dashboardFailed: false }), ['ok', []]);
    assert.deepEqual(check({ readiness: ready(), readinessFailed: false, dashboard: dashboard({ lagSeconds: 90.4 }), dashboardFailed: false }), ['warning', [['indexer', 'warning', 'indexerBehind']]]);
    const stuck = summariseHealth({ readiness: ready({ indexes: false }), readinessFailed: false, dashboard: dashboard({ lagSeconds: 900 }), dashboardFailed: false });
    assert.equal(stuck.level, 'danger');
    assert.deepEqual(stuck.parts.find((part) => part.part === 'indexer')?.problem, { key: 'indexerBehind', seconds: 900 });
  });

  test('attention: each failed import of the last day, and the held businesses as one item', () => {
    assert.equal(attentionOf(dashboard()).count, 0);
    assert.equal(attentionOf(dashboard({ pending: 40 })).count, 1);
    assert.equal(attentionOf(dashboard({ pending: 40 }), 0).count, 0, 'the stats call, fresher after an approval, wins');
    const busy = attentionOf(dashboard({ pending: 2, failed: 7 }));
    assert.deepEqual([busy.count, busy.failedImports, busy.recentFailures.length, busy.heldBusinesses], [8, 7, 5, 2]);
  });
});
