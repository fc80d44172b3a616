import assert from 'node:assert/strict';
import { test } from 'vitest';
import { fileStamp, resolveExportRange } from './resolve-export-range.ts';

const range = (dateRange: Parameters<typeof resolveExportRange>[0]['dateRange'], timeZone: string, now: string, extra: { startDate?: string; endDate?: string } = {}) => {
  const resolved = resolveExportRange({ dateRange, timeZone, now: new Date(now), ...extra });
  return resolved && [resolved.from.toISOString(), resolved.before.toISOString()];
};

test('a day whose midnight DST skips starts at the jump (Santiago, 6 September 2026: 00:00 -> 01:00)', () => {
  assert.deepEqual(range('today', 'America/Santiago', '2026-09-06T15:00:00Z'), ['2026-09-06T04:00:00.000Z', '2026-09-07T03:00:00.000Z']);
  assert.deepEqual(range('yesterday', 'America/Santiago', '2026-09-07T15:00:00Z'), ['2026-09-06T04:00:00.000Z', '2026-09-07T03:00:00.000Z'], 'a 23-hour day');
});

test('half-hour and +14 zones; a month that starts on another UTC day', () => {
  assert.deepEqual(range('today', 'Asia/Kolkata', '2026-03-11T20:00:00Z'), ['2026-03-11T18:30:00.000Z', '2026-03-12T18:30:00.000Z']);
  assert.deepEqual(range('thismonth', 'Pacific/Kiritimati', '2026-03-31T11:00:00Z'), ['2026-03-31T10:00:00.000Z', '2026-04-30T10:00:00.000Z'], 'already April there');
  assert.deepEqual(range('custom', 'Europe/London', '2026-05-01T00:00:00Z', { startDate: '2026-03-29', endDate: '2026-03-29' }), ['2026-03-29T00:00:00.000Z', '2026-03-29T23:00:00.000Z'], 'the clocks-forward day is 23 hours long');
  assert.equal(range('all', 'UTC', '2026-03-11T20:00:00Z'), null);
});

test('file stamps read the admin wall clock', () => {
  assert.equal(fileStamp(new Date('2026-03-11T21:05:09Z'), 'Europe/Istanbul'), '20260312-000509');
  assert.equal(fileStamp(new Date('2026-03-11T21:05:09Z'), 'UTC'), '20260311-210509');
});
