import assert from 'node:assert/strict';
import { test } from 'vitest';
import { cleanSearchText } from './search-text.ts';

test('control characters and emoji are no search words; letters of every script stay', () => {
  assert.equal(cleanSearchText('🍕 pizza'), 'pizza');
  assert.equal(cleanSearchText('café\u0000 berlin\t'), 'café berlin');
  assert.equal(cleanSearchText('👨\u200d👩\u200d👧 family  diner 👍🏽'), 'family diner');
  assert.equal(cleanSearchText('می\u200cخانه'), 'می\u200cخانه', 'a joiner inside a word stays');
  assert.equal(cleanSearchText('東京 カフェ'), '東京 カフェ');
  assert.equal(cleanSearchText('میخانه تهران'), 'میخانه تهران');
  assert.equal(cleanSearchText('1️⃣ #1 pizza'), '1 #1 pizza');
  assert.equal(cleanSearchText('🍕'), '🍕', 'alone, an emoji is kept: a search for no words finds nothing');
  assert.equal(cleanSearchText('\u0000'), '');
});
