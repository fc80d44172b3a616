import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { AppError } from '../../errors.ts';
import { ReadGate } from './read-gate.ts';
import { MAX_READS_IN_FLIGHT, readSearch } from './search-reader.ts';

describe('ReadGate', () => {
  test('lets `limit` reads run, then starts the waiting ones first come first served', async () => {
    const gate = new ReadGate(2);
    const started: string[] = [];
    const tickets = ['a', 'b', 'c', 'd'].map((name) => {
      const ticket = gate.enter();
      void ticket.ready.then(() => started.push(name));
      return ticket;
    });
    await Promise.resolve();
    assert.deepEqual(started, ['a', 'b']);
    assert.deepEqual([gate.inFlight, gate.waiting], [2, 2]);
    gate.leave();
    await tickets[2].ready;
    assert.deepEqual(started, ['a', 'b', 'c']);
    gate.leave();
    gate.leave();
    gate.leave();
    assert.deepEqual([gate.inFlight, gate.waiting], [0, 0]);
  });

  test('a read that gives up while waiting is never started and frees no slot it did not hold', async () => {
    const gate = new ReadGate(1);
    gate.enter();
    const late = gate.enter();
    const next = gate.enter();
    let lateStarted = false;
    void late.ready.then(() => (lateStarted = true));
    late.cancel();
    gate.leave();
    await next.ready;
    assert.equal(lateStarted, false);
    assert.deepEqual([gate.inFlight, gate.waiting], [1, 0]);
  });

  test('readSearch: a read whose deadline passes while every turn is taken is answered 503 and never started', async () => {
    const slow = () => new Promise<string>((resolve) => setTimeout(() => resolve('done'), 300));
    const busy = Array.from({ length: MAX_READS_IN_FLIGHT }, () => readSearch(slow));
    let isStarted = false;
    await assert.rejects(
      readSearch(async () => {
        isStarted = true;
        return 'late';
      }, 50),
      (error) => error instanceof AppError && error.status === 503,
    );
    assert.deepEqual(await Promise.all(busy), Array(MAX_READS_IN_FLIGHT).fill('done'));
    assert.equal(isStarted, false, 'the late read was never sent');
    assert.equal(await readSearch(async () => 'next'), 'next', 'the turns came back');
  });
});
