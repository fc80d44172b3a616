import assert from 'node:assert/strict';
import { test } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { ChipSection, VISIBLE_CHIPS } from './detail-sections.tsx';

const chips = (n: number) => Array.from({ length: n }, (_, index) => ({ label: `Category ${index + 1}`, href: `/c/${index + 1}`, count: 100 - index }));
const render = (n: number) => renderToStaticMarkup(<MemoryRouter><ChipSection id="top" title="Top Categories" chips={chips(n)} /></MemoryRouter>);

test('a long list of chips shows the first 12 and folds the rest behind "Show N more" (in the HTML, openable without scripts)', () => {
  const long = render(50);
  const [shown, folded] = long.split('<details');
  assert.equal(shown.match(/class="chip"/g)?.length, VISIBLE_CHIPS);
  assert.match(folded, /^ class="more-chips"><summary>Show 38 more<\/summary>/);
  assert.equal(folded.match(/class="chip"/g)?.length, 50 - VISIBLE_CHIPS);
  assert.ok(!render(VISIBLE_CHIPS).includes('<details'), 'nothing to fold');
  assert.equal(render(0), '');
});
