import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { letterOf } from './search-documents.ts';

describe('letterOf: the A-Z bar letter of a name', () => {
  test('folded as slugs fold, so every Latin-script name is under a letter', () => {
    const letters = ['Łódź', 'Ørsted', 'Æbeltoft', 'İstanbul', 'Zürich', 'Ōsaka', '  berlin', "'s-Hertogenbosch", 'ßad Place'].map(letterOf);
    assert.deepEqual(letters, ['L', 'O', 'A', 'I', 'Z', 'O', 'B', 'S', 'S']);
  });

  test("digits, other scripts and nothing are '#'", () => {
    assert.deepEqual(['7-Eleven', 'Москва', '東京', '', '   ', null, undefined].map(letterOf), ['#', '#', '#', '#', '#', '#', '#']);
  });
});
