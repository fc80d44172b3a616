import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { captureLogs } from './testing/capture-logs.ts';

describe('log lines', () => {
  test('are JSON objects with the process name, pid, level name, ISO time, fields and message', () => {
    const { logger, lines } = captureLogs({ name: 'indexer', level: 'info' });
    logger.child({ scope: 'drain' }).info({ rows: 3 }, 'batch sent');
    logger.debug('not at info');
    const [line, ...more] = lines();
    assert.equal(more.length, 0, 'a debug line is below the level');
    assert.deepEqual({ ...line, time: undefined }, { level: 'info', time: undefined, name: 'indexer', pid: process.pid, scope: 'drain', rows: 3, msg: 'batch sent' });
    assert.ok(!Number.isNaN(Date.parse(String(line.time))), `time ${line.time}`);
  });
});

describe('logging and metrics settings', () => {
  test('LOG_FORMAT wins; else an explicit NODE_ENV=development is pretty, anything else follows the terminal', () => {
    assert.equal(loadConfig({ LOG_FORMAT: 'json', NODE_ENV: 'development' }).logFormat, 'json');
    assert.equal(loadConfig({ LOG_FORMAT: 'pretty', NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) }).logFormat, 'pretty');
    assert.equal(loadConfig({ NODE_ENV: 'development' }).logFormat, 'pretty');
    assert.equal(loadConfig({}).logFormat, 'auto');
    assert.throws(() => loadConfig({ LOG_FORMAT: 'xml' }), (error: unknown) => error instanceof ConfigError && /LOG_FORMAT/.test(error.message));
  });

  test('the metrics listeners default to loopback on 9464 and 9465; 0 or off turns one off; a bad value names the variable', () => {
    const defaults = loadConfig({});
    assert.deepEqual([defaults.metricsHost, defaults.metricsPort, defaults.indexerMetricsPort], ['127.0.0.1', 9464, 9465]);
    assert.equal(loadConfig({ METRICS_PORT: 'off' }).metricsPort, 0);
    assert.equal(loadConfig({ INDEXER_METRICS_PORT: '0' }).indexerMetricsPort, 0);
    assert.equal(loadConfig({ METRICS_PORT: '9100' }).metricsPort, 9100);
    for (const bad of ['metrics', '70000', '-1']) {
      assert.throws(() => loadConfig({ METRICS_PORT: bad }), (error: unknown) => error instanceof ConfigError && /METRICS_PORT must be a port number/.test(error.message), bad);
    }
  });
});
