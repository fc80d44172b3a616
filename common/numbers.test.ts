import assert from 'node:assert/strict';
import { test } from 'vitest';
import { asciiNumber, phoneNumbers, telHref } from './numbers.ts';

test('numbers in other scripts read as ASCII; ASCII text is left as it is', () => {
  assert.equal(asciiNumber('٤٫٥'), '4.5');
  assert.equal(asciiNumber('४.२'), '4.2');
  assert.equal(asciiNumber('４．５'), '4.5');
  assert.equal(asciiNumber('١٬٢٣٤'), '1,234');
  assert.equal(asciiNumber('−12,5'), '-12,5');
  assert.equal(asciiNumber('4.5 stars'), '4.5 stars');
});

test('tel: links carry ASCII digits and one leading +, whatever the phone is written in', () => {
  assert.equal(telHref('+1 (555) 010-2030'), 'tel:+15550102030');
  assert.equal(telHref('+٢٠ ٢ ١٢٣٤'), 'tel:+2021234');
  assert.equal(telHref('０３－１２３４－５６７８'), 'tel:0312345678');
  assert.equal(telHref('+49 +30 1234'), 'tel:+49301234');
  assert.equal(telHref('call us'), null, 'no digit: no link');
  // Two numbers in one cell: the first, not their digits run together.
  assert.equal(telHref('+886 2 2556 0519;+886 2 2556 0631'), 'tel:+886225560519');
  assert.equal(telHref('+'), null);
});

test('a phone cell with several numbers is read as each of them', () => {
  assert.deepEqual(phoneNumbers('+886 2 2556 0519;+886 2 2556 0631'), ['+886 2 2556 0519', '+886 2 2556 0631']);
  assert.deepEqual(phoneNumbers('044 211 65 25 / 044 211 65 26'), ['044 211 65 25', '044 211 65 26']);
  assert.deepEqual(phoneNumbers('(215) 555-0100 or (215) 555-0101'), ['(215) 555-0100', '(215) 555-0101']);
  assert.deepEqual(phoneNumbers('+1 267-389-7404'), ['+1 267-389-7404']);
  assert.deepEqual(phoneNumbers('ask at the desk'), ['ask at the desk']);
});
