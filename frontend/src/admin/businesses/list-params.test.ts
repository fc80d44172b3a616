import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { activeSort, filterOf, hasCondition, listQueryString, nextSort, readListParams, writeListParams } from './list-params.ts';

const read = (query: string) => readListParams(new URLSearchParams(query));

describe('business list URL state', () => {
  test('defaults, and malformed values read as defaults', () => {
    assert.deepEqual(read(''), { filter: '', category: '', countryCode: '', approval: 'all', sortBy: null, sortOrder: 'desc', page: 1 });
    assert.deepEqual(read('page=0&sortBy=evil&approval=maybe&countryCode=XYZ'), read(''));
    assert.equal(read('page=2.5').page, 1);
    assert.deepEqual(activeSort(read('')), { key: 'createdAt', order: 'desc' }, 'the server default: newest first');
  });

  test('round trip through the URL, defaults left out', () => {
    const params = read('filter=Starb&category=Yoga+studio&countryCode=de&approval=pending&sortBy=name&sortOrder=desc&page=3');
    assert.deepEqual(params, { filter: 'Starb', category: 'Yoga studio', countryCode: 'DE', approval: 'pending', sortBy: 'name', sortOrder: 'desc', page: 3 });
    assert.deepEqual(readListParams(writeListParams(params)), params);
    assert.equal(writeListParams(read('page=1&approval=all')).toString(), '');
    assert.equal(listQueryString(read('')), 'page=1&limit=20');
  });

  test('sort: a new key starts ascending, the active key toggles, both back to page 1', () => {
    const byName = nextSort(read('page=4'), 'name');
    assert.deepEqual([byName.sortBy, byName.sortOrder, byName.page], ['name', 'asc', 1]);
    const toggled = nextSort(byName, 'name');
    assert.deepEqual([toggled.sortBy, toggled.sortOrder], ['name', 'desc']);
    assert.equal(nextSort(toggled, 'name').sortOrder, 'asc');
    assert.deepEqual([nextSort(toggled, 'rating').sortBy, nextSort(toggled, 'rating').sortOrder], ['rating', 'asc']);
    // The implicit default (createdAt, newest first) is the active key: clicking it turns it to oldest first.
    assert.equal(nextSort(read(''), 'createdAt').sortOrder, 'asc');
  });

  test('the filter part and whether it narrows the list (select all matching needs it to)', () => {
    assert.equal(hasCondition(read('page=2&sortBy=name')), false);
    assert.equal(hasCondition(read('approval=approved')), true);
    assert.deepEqual(JSON.parse(JSON.stringify(filterOf(read('category=Kiosk')))), { category: 'Kiosk', approval: 'all' });
  });
});
