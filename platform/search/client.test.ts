import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'vitest';
import { createMeili } from './client.ts';

test('the indexer and CLI client asks Meilisearch for uncompressed answers, with its key', async () => {
  const seen: http.IncomingHttpHeaders[] = [];
  const server = http.createServer((req, res) => {
    seen.push(req.headers);
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ numberOfDocuments: 3, isIndexing: false, fieldDistribution: {} }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const meili = createMeili({ meiliUrl: `http://127.0.0.1:${port}`, meiliMasterKey: 'the-key' });
    const stats = await meili.index('t').getStats();
    assert.equal(stats.numberOfDocuments, 3);
    assert.equal(seen.length, 1);
    // A compressed answer reaches a keep-alive fetch ~40 ms late once it is over ~1 KB.
    assert.equal(seen[0]['accept-encoding'], 'identity');
    assert.equal(seen[0].authorization, 'Bearer the-key');
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
