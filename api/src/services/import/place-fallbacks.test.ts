import assert from 'node:assert/strict';
import { test } from 'vitest';
import { countryFromPhone, placeFromAddress } from './place-fallbacks.ts';

test('the country of an international phone number, including the shared +1 and +7 codes', () => {
  assert.equal(countryFromPhone('+381 11 2123310'), 'RS');
  assert.equal(countryFromPhone('00381 11 2123310'), 'RS');
  assert.equal(countryFromPhone('+1 212-555-0100'), 'US');
  assert.equal(countryFromPhone('+1 416 555 0100'), 'CA');
  assert.equal(countryFromPhone('+7 727 123 4567'), 'KZ');
  assert.equal(countryFromPhone('+886 2 2555 1234'), 'TW');
  for (const national of ['97 754374', '(212) 555-0100', '', null, '+', '+999 123']) assert.equal(countryFromPhone(national), null, String(national));
});

test('city and country from the end of an address', () => {
  const cases: Array<[string | null, string | null, string | null]> = [
    ['Cetinjska 9, Beograd 11000', 'Beograd', null],
    ['Bulevar Vudro Vilson, Beograd', 'Beograd', null],
    ['Jurija Gagarina 227, Novi Beograd 11070', 'Novi Beograd', null],
    ['1 Rue de Rivoli, 75001 Paris, France', 'Paris', 'FR'],
    ['1 Main St, Paris, TX 75460', 'Paris', 'US'],
    ['5790 Yahl St #101, Naples, FL 34109-1234', 'Naples', 'US'],
    ['100 Queen St W, Toronto, ON M5H 2N2', 'Toronto', 'CA'],
    // A code that is no US state, or a postcode of another form, says nothing of the country.
    ['Av. Constitución 100, Monterrey, NL 64000', 'Monterrey', null],
    ['1 High St, Springfield, XY 12345', 'Springfield', null],
    ['100 Queen St W, Toronto, ON M5H 2N2, Canada', 'Toronto', 'CA'],
    ['10 Downing St, London SW1A 2AA, United Kingdom', 'London', 'GB'],
    ['Torstrasse 1, 10119 Berlin, Deutschland', 'Berlin', 'DE'],
    ['Torstrasse 1, Germany', null, 'DE'],
    ['Some Street 5', null, null],
    ['〒100-0005 東京都千代田区丸の内1丁目', null, null],
    ['Plaza 1, 12345', null, null],
    ['Main Road, This Is Far Too Many Words To Be A City', null, null],
    ['', null, null],
    // Serbian exports end some addresses with the district: the city is the part before it.
    ['76A GANDIJEVA, 11070, Belgrade (Novi Belgrade), Belgrade, county', 'Belgrade', null],
    ['Knez Mihailova 1, Beograd, Belgrade county', 'Beograd', null],
    // A bare "City" or "Capital" after the city is no city of its own (it made pages called "City").
    ['12 Tomas Morato Ave, Quezon, City, Philippines', 'Quezon', 'PH'],
    ['Calle 5, Capital', null, null],
  ];
  for (const [address, city, countryCode] of cases) assert.deepEqual(placeFromAddress(address), { city, countryCode }, String(address));
});
