import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { citySlug, slugify } from '../../../common/slug.ts';
import { nameMatches, needleOf } from './use-index-paging.ts';

describe('index filters: accents and letters like İ and Ł need not be typed', () => {
  test('plain letters find accented names, and what is typed exactly still matches', () => {
    const matches = (name: string, slug: string, typed: string) => nameMatches(name, slug, needleOf(typed));
    for (const [name, typed] of [['İstanbul', 'istanbul'], ['İstanbul', 'Istanbul'], ['Zürich', 'zurich'], ['São Paulo', 'sao paulo'], ['Łódź', 'lodz'], ['İzmir', 'izm']]) {
      assert.ok(matches(name, citySlug(name), typed), `${typed} finds ${name}`);
    }
    assert.ok(matches('Türkiye', slugify('Türkiye'), 'turkiye'));
    assert.ok(matches('Cafe', 'cafe', 'café'), 'an accent typed where the name has none');
    assert.ok(matches('Łódź', citySlug('Łódź'), 'Łódź'));
    assert.ok(!matches('Zürich', citySlug('Zürich'), 'berlin'));
  });
});
