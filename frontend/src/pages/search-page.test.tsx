import assert from 'node:assert/strict';
import { test } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { SearchCapNote } from './search-page.tsx';

test('a search with more matches than its 50 pages hold says so, and how to narrow it', () => {
  assert.equal(renderToStaticMarkup(<SearchCapNote totalHits={1000} totalPages={50} />), '', 'every match is on a page: nothing to say');
  assert.equal(renderToStaticMarkup(<SearchCapNote totalHits={7} totalPages={1} />), '');
  const text = renderToStaticMarkup(<SearchCapNote totalHits={2000} totalPages={50} />).replace(/<[^>]+>/g, '');
  assert.equal(text, 'These pages show the first 1,000 of 2,000 results. Add a word or a place to narrow the search.');
});
