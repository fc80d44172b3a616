import assert from 'node:assert/strict';
import { test } from 'vitest';
import { displayAddress } from './address.ts';

const none = { fullAddress: null, street: null, postalCode: null, city: null, state: null, countryCode: null };

test('a full address from the file is shown as it is', () => {
  assert.equal(displayAddress({ ...none, fullAddress: ' 1 Rue de Rivoli, 75001 Paris ', street: 'x', city: 'Paris' }), '1 Rue de Rivoli, 75001 Paris');
});

test('without one, the parts make it in the order the country writes', () => {
  assert.equal(displayAddress({ ...none, street: 'Hauptstraße 5', postalCode: '10115', city: 'Berlin', countryCode: 'DE' }), 'Hauptstraße 5, 10115 Berlin');
  assert.equal(displayAddress({ ...none, street: '12 Main St', postalCode: '62701', city: 'Springfield', state: 'IL', countryCode: 'US' }), '12 Main St, Springfield, IL 62701');
  assert.equal(displayAddress({ ...none, street: '10 Downing St', postalCode: 'SW1A 2AA', city: 'London', countryCode: 'GB' }), '10 Downing St, London, SW1A 2AA');
  assert.equal(displayAddress({ ...none, street: 'Via Roma 1', city: 'Torino', state: 'TO' }), 'Via Roma 1, Torino, TO');
  assert.equal(displayAddress({ ...none, postalCode: '8001', city: 'Zürich', countryCode: 'CH' }), '8001 Zürich');
});

test('a city alone (shown beside the address anyway) or nothing gives no address', () => {
  assert.equal(displayAddress({ ...none, city: 'Berlin', state: 'Berlin', countryCode: 'DE' }), null);
  assert.equal(displayAddress({ ...none, fullAddress: '  ', street: ' ' }), null);
});
