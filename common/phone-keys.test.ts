import assert from 'node:assert/strict';
import { test } from 'vitest';
import { phoneKeys, phoneQueryKeys } from './phone-keys.ts';

test('a stored number is found by the forms a visitor types', () => {
  const find = (stored: string, country: string | null, typed: string) => {
    const keys = new Set(phoneKeys(stored, country));
    return phoneQueryKeys(typed)!.some((key) => keys.has(key));
  };
  for (const typed of ['+1 267-389-7404', '(267) 389-7404', '267.389.7404', '2673897404', '001 267 389 7404']) assert.ok(find('+1 267-389-7404', 'US', typed), typed);
  for (const typed of ['020 7946 0958', '+44 20 7946 0958', '0044 20 7946 0958']) assert.ok(find('+44 20 7946 0958', 'GB', typed), typed);
  assert.ok(find('030 1234567', 'DE', '+49 30 1234567'), 'a national number stored, the international one typed');
  assert.ok(find('+39 06 1234 5678', 'IT', '06 1234 5678'), 'Italy keeps its 0 inside the number');
  assert.ok(!find('+1 267-389-7404', 'US', '267-389-7405'));
  // A cell of two numbers: either one, typed as usual.
  for (const typed of ['02 2556 0519', '+886 2 2556 0631']) assert.ok(find('+886 2 2556 0519;+886 2 2556 0631', 'TW', typed), typed);
});

test('only a phone-like text is a phone query', () => {
  assert.equal(phoneQueryKeys('pizza 24/7'), null);
  assert.equal(phoneQueryKeys('19103'), null, 'a postcode is too short');
  assert.equal(phoneQueryKeys('1800 Chestnut St'), null);
  assert.deepEqual(phoneQueryKeys('+1 (267) 389-7404'), ['12673897404']);
  assert.deepEqual(phoneQueryKeys('030 1234567'), ['301234567', '0301234567']);
  assert.deepEqual(phoneKeys(null, 'US'), []);
  assert.deepEqual(phoneKeys('112', 'DE'), []);
});
