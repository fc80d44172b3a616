import assert from 'node:assert/strict';
import { test } from 'node:test';
import { asciiNumber, telHref } from './numbers.ts';

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
  assert.equal(telHref('+'), null);
});
