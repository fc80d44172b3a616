import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { isOpenAt, openNow, readDayHours, timeZoneFor } from './open-now.ts';

describe('Open Now in the business time zone', () => {
  test('the same instant is open in Tokyo and closed in Los Angeles', () => {
    // 2026-11-23 01:00 UTC = Monday 10:00 in Tokyo, Sunday 17:00 in Los Angeles.
    const now = new Date('2026-11-23T01:00:00Z');
    const hours = { Monday: '9AM-5PM', Sunday: 'Closed' };
    assert.equal(openNow({ workingHours: hours, countryCode: 'JP', longitude: 139.7, now }), true);
    assert.equal(openNow({ workingHours: hours, countryCode: 'US', longitude: -118.2, now }), false);
  });

  test('US zones follow the longitude; unknown countries use the solar offset', () => {
    assert.equal(timeZoneFor('US', -74), 'America/New_York');
    assert.equal(timeZoneFor('US', -118), 'America/Los_Angeles');
    assert.equal(timeZoneFor('DE', 13), 'Europe/Berlin');
    assert.equal(timeZoneFor('XK', 21), 'Etc/GMT-1');
  });

  test('hour ranges, 24 hours, closed days and text the seed treated as open', () => {
    assert.equal(isOpenAt('9AM-5PM', 8 * 60 + 59), false);
    assert.equal(isOpenAt('9AM-5PM', 9 * 60), true);
    assert.equal(isOpenAt('9 AM–5 PM', 17 * 60), false);
    assert.equal(isOpenAt('8:30 am–12 pm, 1–6 pm', 12 * 60 + 30), false);
    assert.equal(isOpenAt('8:30 am–12 pm, 1–6 pm', 13 * 60 + 30), true);
    assert.equal(isOpenAt('6PM-2AM', 1 * 60), true, 'past midnight');
    assert.equal(isOpenAt('Open 24 hours', 3 * 60), true);
    assert.equal(isOpenAt('Closed', 12 * 60), false);
    assert.equal(isOpenAt('By appointment', 12 * 60), true);
  });

  test('no badge without working hours, nor on a day they do not list', () => {
    assert.equal(openNow({ workingHours: null, countryCode: 'DE', longitude: 13 }), null);
    // Monday 10:00 in Berlin; the export gave Friday only.
    assert.equal(openNow({ workingHours: { Friday: '6AM-10PM' }, countryCode: 'DE', longitude: 13, now: new Date('2026-11-23T09:00:00Z') }), null);
  });

  test('a day read as ranges for structured data: lunch breaks, 24 hours, past midnight, closed, free text', () => {
    assert.deepEqual(readDayHours('8:30 am–12 pm, 1–6 pm'), [{ from: 8 * 60 + 30, to: 12 * 60 }, { from: 13 * 60, to: 18 * 60 }]);
    assert.deepEqual(readDayHours('9 to 17'), [{ from: 9 * 60, to: 17 * 60 }]);
    assert.deepEqual(readDayHours('6PM-2AM'), [{ from: 18 * 60, to: 2 * 60 }]);
    assert.equal(readDayHours('Open 24 hours'), 'all-day');
    assert.equal(readDayHours('Closed'), 'closed');
    assert.equal(readDayHours('By appointment'), null);
  });
});
