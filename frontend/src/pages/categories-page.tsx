import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { categoriesQuery } from '../api/queries.ts';
import type { CategorySummary } from '../../../common/api/public.ts';
import { AdSlot } from '../components/ad-slot.tsx';
import { beginningWith, letterOfParam } from '../components/letter-bar.tsx';
import { IndexPageLayout, type IndexDefinition } from '../components/index-page-layout.tsx';
import { IndexResults } from '../components/index-results.tsx';
import { nameMatches, type Needle } from '../hooks/use-index-paging.ts';
import { useLetteredIndex } from '../hooks/use-lettered-index.ts';
import { formatInt, share } from '../lib/format.ts';
import { categoryHref } from '../lib/slugs.ts';

const matchesCategory = (item: CategorySummary, needle: Needle) => nameMatches(item.category, item.slug, needle);

const CATEGORY_INDEX: IndexDefinition<CategorySummary> = {
  base: '/categories',
  intro: 'Find businesses by what they do.',
  filter: { label: 'Filter categories', placeholder: 'Search categories...' },
  letterBarLabel: 'Categories by letter',
  linkOf: (item) => ({ name: item.category, path: categoryHref(item.category, item.slug) }),
};

/** /categories and /categories/{letter}; the unfiltered list supplies the totals. */
export function CategoriesPage({ letter: letterProp }: { letter?: string }) {
  const params = useParams();
  const letter = letterOfParam(letterProp ?? params.slug);
  const listing = useLetteredIndex({ letter, listQuery: categoriesQuery, matches: matchesCategory, businessesOf: (item) => item.count });
  const { query, paging, totals } = listing;
  const [view, setView] = useState<'grid' | 'list'>('grid');
  const largest = Math.max(1, ...paging.pageItems.map((item) => item.count));
  const title = letter ? `Keywords ${beginningWith(letter)}` : 'Business Categories';
  return (
    <IndexPageLayout
      index={CATEGORY_INDEX}
      listing={listing}
      title={title}
      seo={{
        description: letter
          ? `Business categories ${beginningWith(letter)}: browse businesses by category.`
          : 'Browse every business category in the directory, with the number of businesses in each.',
      }}
      stats={[{ value: totals.count, label: 'Total Categories' }, { value: totals.businesses, label: 'Total Businesses' }, { value: totals.average, label: 'Average per Category' }]}
      tools={
        <div className="view-toggle" role="group" aria-label="View">
          <button type="button" aria-pressed={view === 'grid'} className={view === 'grid' ? 'active' : ''} onClick={() => setView('grid')}>
            Grid
          </button>
          <button type="button" aria-pressed={view === 'list'} className={view === 'list' ? 'active' : ''} onClick={() => setView('list')}>
            List
          </button>
        </div>
      }
    >
      <AdSlot slot="ad6" />
      <IndexResults noun="categories" query={query} paging={paging} listClassName={view === 'grid' ? 'card-grid' : 'card-list'} listView={view}>
        {(item) => {
          const count = item.count;
          return (
            <li key={item.category} className="card category-card">
              <h2 className="card-title">
                <Link to={categoryHref(item.category, item.slug)}>{item.category}</Link>
              </h2>
              <p>
                <strong>{formatInt(count)}</strong> {count === 1 ? 'business' : 'businesses'}
                {/* The spec shows a fixed 4.2 on every card: ours is the category's real mean rating. */}
                {typeof item.averageRating === 'number' && (
                  <>
                    {' · '}
                    <span aria-label={`Average rating ${item.averageRating.toFixed(1)}`}>★ {item.averageRating.toFixed(1)}</span>
                  </>
                )}
              </p>
              <div className="bar" aria-hidden="true">
                <span style={{ width: `${Math.round((count / largest) * 100)}%` }} />
              </div>
              <p className="muted small">{share(count, totals.businesses)}% of all businesses</p>
            </li>
          );
        }}
      </IndexResults>
    </IndexPageLayout>
  );
}
