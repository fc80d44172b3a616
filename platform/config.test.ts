/**
 * Settings that are each valid but together cannot work are refused at start-up, each with one line
 * naming the variable and the fix (issue 27): before, the product started and misbehaved quietly.
 */
import { describe, test } from 'vitest';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ConfigError, loadConfig } from './config.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

/** The problem lines of a refused environment (ConfigError), or [] when it loads. */
function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig({ NODE_ENV: 'test', ...env });
    return [];
  } catch (error) {
    assert.ok(error instanceof ConfigError, String(error));
    return error.problems;
  }
}

describe('configuration that cannot work', () => {
  test('an https PUBLIC_URL without TRUST_PROXY is refused (sign-in would answer 200 and set no cookie); with it, it loads', () => {
    const problems = problemsOf({ PUBLIC_URL: 'https://directory.example' });
    assert.equal(problems.length, 1, problems.join('\n'));
    assert.match(problems[0], /^PUBLIC_URL is https but TRUST_PROXY is not true: set TRUST_PROXY=true/);
    assert.deepEqual(problemsOf({ PUBLIC_URL: 'https://directory.example', TRUST_PROXY: 'true' }), []);
    assert.deepEqual(problemsOf({ PUBLIC_URL: 'http://directory.example' }), []);
  });

  test('a PUBLIC_URL or MEILI_URL with a path is refused, naming the origin to use', () => {
    assert.deepEqual(problemsOf({ PUBLIC_URL: 'http://directory.example/site' }), [
      'PUBLIC_URL must be an origin without a path, query or fragment (the site is served from the root): http://directory.example',
    ]);
    assert.deepEqual(problemsOf({ MEILI_URL: 'http://search.internal:7700/meili', MEILI_MASTER_KEY: 'a-master-key-of-16+' }), [
      "MEILI_URL must be Meilisearch's address without a path, query or fragment, such as http://search.internal:7700",
    ]);
    assert.deepEqual(problemsOf({ MEILI_URL: 'http://search.internal:7700/', MEILI_MASTER_KEY: 'a-master-key-of-16+' }), []);
  });

  test("ALLOWED_ORIGINS must be origins and include the site's own", () => {
    const missing = problemsOf({ PUBLIC_URL: 'http://directory.example', ALLOWED_ORIGINS: 'http://admin.example' });
    assert.equal(missing.length, 1, missing.join('\n'));
    assert.match(missing[0], /^ALLOWED_ORIGINS does not include the site's own origin http:\/\/directory\.example/);
    // Without PUBLIC_URL the site's origin is http://localhost:PORT.
    assert.match(problemsOf({ PORT: '4000', ALLOWED_ORIGINS: 'http://127.0.0.1:4000' })[0], /own origin http:\/\/localhost:4000/);
    assert.match(problemsOf({ ALLOWED_ORIGINS: 'directory.example' })[0], /^ALLOWED_ORIGINS must list origins .* not directory\.example$/);
    assert.match(problemsOf({ ALLOWED_ORIGINS: 'http://localhost:3000/admin' })[0], /^ALLOWED_ORIGINS must list origins/);
    assert.deepEqual(problemsOf({ PUBLIC_URL: 'http://directory.example', ALLOWED_ORIGINS: 'http://directory.example/, http://admin.example' }), []);
  });

  test('embedded servers on the site port (or on one port together) are refused', () => {
    assert.match(problemsOf({ PORT: '7700' })[0], /^EMBEDDED_MEILI_PORT is the same port as PORT \(7700\)/);
    assert.match(problemsOf({ PORT: '5544', EMBEDDED_PG_PORT: '5544' })[0], /^EMBEDDED_PG_PORT is the same port as PORT/);
    assert.match(problemsOf({ EMBEDDED_PG_PORT: '6000', EMBEDDED_MEILI_PORT: '6000' })[0], /^EMBEDDED_MEILI_PORT is the same port as EMBEDDED_PG_PORT/);
    // The API's metrics listener on the site's own port: refused (it ran without metrics, a warning all).
    assert.match(problemsOf({ PORT: '3100', METRICS_PORT: '3100' })[0], /^METRICS_PORT is the same port as PORT \(3100\)/);
    assert.deepEqual(problemsOf({ PORT: '3100', METRICS_PORT: 'off' }), []);
    // Servers of the platform (DATABASE_URL, MEILI_URL) leave the embedded ports unused.
    assert.deepEqual(problemsOf({ PORT: '7700', MEILI_URL: 'http://search.internal:7700', MEILI_MASTER_KEY: 'a-master-key-of-16+' }), []);
  });
});

describe('IMPORT_READER_THREADS', () => {
  test('unset: the importer decides by cores; 0 to 16 threads; anything else is refused in one line', () => {
    assert.equal(loadConfig({ NODE_ENV: 'test' }).importReaderThreads, undefined);
    assert.equal(loadConfig({ NODE_ENV: 'test', IMPORT_READER_THREADS: '0' }).importReaderThreads, 0);
    assert.equal(loadConfig({ NODE_ENV: 'test', IMPORT_READER_THREADS: '6' }).importReaderThreads, 6);
    for (const bad of ['17', '-1', '2.5', 'four', '6 ']) {
      assert.deepEqual(problemsOf({ IMPORT_READER_THREADS: bad }), ['IMPORT_READER_THREADS must be a whole number of threads from 0 to 16'], bad);
    }
  });
});

describe('DATABASE_POOL_SIZE', () => {
  test('unset: each process keeps its own default; a whole number from 4 to 100 is each pool\'s size', () => {
    assert.equal(loadConfig({ NODE_ENV: 'test' }).databasePoolSize, undefined);
    assert.equal(loadConfig({ NODE_ENV: 'test', DATABASE_POOL_SIZE: '' }).databasePoolSize, undefined, 'an empty variable is not set');
    assert.equal(loadConfig({ NODE_ENV: 'test', DATABASE_POOL_SIZE: '4' }).databasePoolSize, 4);
    assert.equal(loadConfig({ NODE_ENV: 'test', DATABASE_POOL_SIZE: '25' }).databasePoolSize, 25);
    assert.equal(loadConfig({ NODE_ENV: 'test', DATABASE_POOL_SIZE: '100' }).databasePoolSize, 100);
  });

  test('anything else is refused with one line naming the variable and the range', () => {
    for (const bad of ['0', '3', '101', '1000', '-5', '7.5', '10 ', 'ten', '1e2']) {
      assert.deepEqual(problemsOf({ DATABASE_POOL_SIZE: bad }), ['DATABASE_POOL_SIZE must be a whole number of connections from 4 to 100'], bad);
    }
  });

  test('the API refuses to start with a bad one, saying why', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, NODE_ENV: 'test', DATABASE_POOL_SIZE: '500' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    assert.equal(run.status, 1, run.stderr);
    // Its output is a pipe, so its log is JSON: the refusal is one JSON line like every other.
    const lines = run.stdout.trim().split('\n');
    assert.equal(lines.length, 1, run.stdout);
    const line = JSON.parse(lines[0]) as Record<string, unknown>;
    assert.deepEqual([line.level, line.name, line.msg], ['error', 'api', 'Invalid configuration: DATABASE_POOL_SIZE must be a whole number of connections from 4 to 100']);
    assert.equal(run.stderr, '');
  });
});

describe('a refused setting', () => {
  test("is said in plain words, one problem per variable, all on one line", () => {
    assert.deepEqual(problemsOf({ PORT: 'eighty' }), ['PORT must be a port number (1-65535)']);
    assert.deepEqual(problemsOf({ PORT: '70000' }), ['PORT must be a port number (1-65535)']);
    assert.deepEqual(problemsOf({ LOG_LEVEL: 'verbose' }), ['LOG_LEVEL must be one of debug, info, warn, error']);
    assert.deepEqual(problemsOf({ DEMO_COUNT: 'many' }), ['DEMO_COUNT must be a whole number']);
    assert.deepEqual(problemsOf({ DEMO_COUNT: '9000000' }), ['DEMO_COUNT must be at most 5000000']);
    assert.deepEqual(problemsOf({ DATABASE_URL: 'localhost' }), ['DATABASE_URL must be a URL such as postgresql://user:password@host:5432/directory']);
    // A malformed URL is one problem, not also a crash of the checks that read it.
    assert.deepEqual(problemsOf({ MEILI_URL: 'search', MEILI_MASTER_KEY: 'a-master-key-of-16+' }), ['MEILI_URL must be a URL such as http://host:port']);
    assert.deepEqual(problemsOf({ PUBLIC_URL: 'directory' }), ['PUBLIC_URL must be a URL such as http://host:port']);
    assert.throws(() => loadConfig({ PORT: '0', LOG_LEVEL: 'loud' }), (error: unknown) => error instanceof Error && error.message === 'Invalid configuration: PORT must be a port number (1-65535); LOG_LEVEL must be one of debug, info, warn, error');
  });

  test('a command-line tool, or a process logging for a person, says it as text on stderr', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, NODE_ENV: 'test', LOG_FORMAT: 'pretty', LOG_LEVEL: 'verbose' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    assert.equal(run.status, 1, run.stderr);
    assert.equal(run.stderr, 'Invalid configuration: LOG_LEVEL must be one of debug, info, warn, error\n');
  });
});
