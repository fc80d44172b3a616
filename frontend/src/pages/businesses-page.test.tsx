import assert from 'node:assert/strict';
import { test } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { ListCapNote } from './businesses-page.tsx';

const render = (totalCount: number) => renderToStaticMarkup(<MemoryRouter><ListCapNote totalCount={totalCount} /></MemoryRouter>);

test('/businesses says it lists only the first 2,000 when the directory holds more, and where the rest are', () => {
  assert.equal(render(2000), '', 'all of them fit in 100 pages: nothing to say');
  const html = render(250_000);
  const text = html.replace(/<[^>]+>/g, '');
  assert.equal(text, 'This list shows the first 2,000 of 250,000 businesses. Find the others by searching or by category, country or city.');
  assert.deepEqual([...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]), ['/search', '/categories', '/countries', '/cities']);
});
