/**
 * recompute-aggregates: recounts categories, countries, cities and the home document with SQL
 * GROUP BY (indexer/src/db/aggregates.ts). Triggered (debounced) after drained batches and on cron.
 * The first run of a process replaces the aggregate indexes wholesale (build + atomic swap), which
 * also drops groups that vanished while no indexer ran; later runs send only documents that changed
 * and delete the ones that disappeared.
 */
import type { Meilisearch } from 'meilisearch';
import { indexUid } from '../../../platform/search/client.ts';
import { STATE_KEYS } from '../../../platform/search/settings.ts';
import { computeAggregates, type AggregateDocuments } from '../db/aggregates.ts';
import { writeState } from '../db/state.ts';
import { buildUid, createFreshIndexes, swapInBuiltIndexes, waitForTasks } from '../meili/tasks.ts';
import type { AggregateKind, IndexerRuntime } from '../runtime.ts';
import type { Job, JobContext } from './job.ts';

export const AGGREGATE_KINDS: AggregateKind[] = ['categories', 'countries', 'cities', 'home'];
const TASK_TIMEOUT_MS = 300_000;
const CHUNK = 10_000;

function documentsOf(aggregates: AggregateDocuments, kind: AggregateKind): Array<{ id: string }> {
  return kind === 'home' ? [aggregates.home] : aggregates[kind];
}

/** A document's content for change detection (the home document's computedAt alone is no change). */
function fingerprint(doc: { id: string }): string {
  const { computedAt: _ignored, ...rest } = doc as { id: string; computedAt?: number };
  return JSON.stringify(rest);
}

function snapshotOf(aggregates: AggregateDocuments): Map<AggregateKind, Map<string, string>> {
  return new Map(AGGREGATE_KINDS.map((kind) => [kind, new Map(documentsOf(aggregates, kind).map((doc) => [doc.id, fingerprint(doc)]))]));
}

/** Records what the aggregate indexes now hold: the documents' fingerprints and the featured business ids. */
export function rememberPublished(runtime: IndexerRuntime, aggregates: AggregateDocuments): void {
  runtime.aggregateSnapshot = snapshotOf(aggregates);
  runtime.featuredIds = new Set(aggregates.home.featured.map((business) => business.id));
}

/** Fills `uidFor(kind)` for every aggregate kind (the caller created those indexes). */
export async function fillAggregateIndexes(meili: Meilisearch, aggregates: AggregateDocuments, uidFor: (kind: AggregateKind) => string): Promise<void> {
  const tasks = [];
  for (const kind of AGGREGATE_KINDS) {
    const docs = documentsOf(aggregates, kind);
    for (let start = 0; start < docs.length; start += CHUNK) {
      tasks.push(await meili.index(uidFor(kind)).addDocuments(docs.slice(start, start + CHUNK), { primaryKey: 'id' }));
    }
  }
  await waitForTasks(meili, tasks, TASK_TIMEOUT_MS);
}

async function replaceAggregateIndexes(context: JobContext, aggregates: AggregateDocuments): Promise<void> {
  const { meili, prefix } = context;
  // '__agg', not '__build': a full rebuild may be filling its '__build' indexes right now.
  await createFreshIndexes(meili, AGGREGATE_KINDS.map((kind) => ({ uid: buildUid(indexUid(prefix, kind), 'agg'), kind })));
  await fillAggregateIndexes(meili, aggregates, (kind) => buildUid(indexUid(prefix, kind), 'agg'));
  await swapInBuiltIndexes(meili, AGGREGATE_KINDS.map((kind) => indexUid(prefix, kind)), 'agg');
}

async function applyAggregateChanges(context: JobContext, aggregates: AggregateDocuments, previous: Map<AggregateKind, Map<string, string>>): Promise<number> {
  const { meili, prefix } = context;
  const tasks = [];
  let changed = 0;
  for (const kind of AGGREGATE_KINDS) {
    const before = previous.get(kind) ?? new Map<string, string>();
    const docs = documentsOf(aggregates, kind);
    const upserts = docs.filter((doc) => before.get(doc.id) !== fingerprint(doc));
    const ids = new Set(docs.map((doc) => doc.id));
    const deletions = [...before.keys()].filter((id) => !ids.has(id));
    const index = meili.index(indexUid(prefix, kind));
    for (let start = 0; start < upserts.length; start += CHUNK) {
      tasks.push(await index.addDocuments(upserts.slice(start, start + CHUNK), { primaryKey: 'id' }));
    }
    if (deletions.length) tasks.push(await index.deleteDocuments(deletions));
    changed += upserts.length + deletions.length;
  }
  await waitForTasks(meili, tasks, TASK_TIMEOUT_MS);
  return changed;
}

export const recomputeAggregatesJob: Job = {
  name: 'recompute-aggregates',
  // A safety net: the drain triggers recomputes after every batch that changed something.
  cron: '*/10 * * * *',
  async run(context) {
    await context.runtime.aggregateLock.run(async () => {
      const started = Date.now();
      const aggregates = await computeAggregates(context.pool);
      context.runtime.lastAggregateSqlMs = Date.now() - started;
      const previous = context.runtime.aggregateSnapshot;
      let changed: number;
      if (previous) changed = await applyAggregateChanges(context, aggregates, previous);
      else {
        await replaceAggregateIndexes(context, aggregates);
        changed = -1;
      }
      rememberPublished(context.runtime, aggregates);
      const durationMs = Date.now() - started;
      await writeState(context.pool, STATE_KEYS.aggregates(context.prefix), {
        computedAt: new Date().toISOString(),
        durationMs,
        documents: { categories: aggregates.categories.length, countries: aggregates.countries.length, cities: aggregates.cities.length },
      });
      context.log.debug({ durationMs, changed: changed < 0 ? 'all (replaced)' : changed }, 'aggregates recomputed');
    });
  },
};
