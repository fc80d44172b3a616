import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { citiesQuery } from '../api/queries.ts';
import type { CitySummary } from '../../../common/api/public.ts';
import { beginningWith, LetterBar, letterOfParam, letterPath } from '../components/letter-bar.tsx';
import { IndexPagingFooter } from '../components/index-paging-footer.tsx';
import { SkeletonCards, StateMessage } from '../components/state-message.tsx';
import { nameMatches, useIndexPaging, type Needle } from '../hooks/use-index-paging.ts';
import { formatInt, formatNK, share } from '../lib/format.ts';
import { SITE_NAME, useSeo } from '../lib/render-context.tsx';
import { itemList } from '../lib/seo.ts';
import { cityHref } from '../lib/slugs.ts';
import { useApi } from '../lib/use-api.ts';
import { FilterBox } from '../components/filter-box.tsx';

const matchesCity = (item: CitySummary, needle: Needle) =>
  nameMatches(item.city, item.slug, needle) || (item.countryCode ?? '').toLowerCase().includes(needle.text);

/** /cities and /cities/{letter}; the unfiltered list supplies the totals (spec §7). */
export function CitiesPage() {
  const params = useParams();
  const letter = letterOfParam(params.letter);
  const api = useApi();
  const all = useQuery(citiesQuery(api));
  const lettered = useQuery({ ...citiesQuery(api, letter), enabled: Boolean(letter) });
  const query = letter ? lettered : all;
  const items = query.data ?? [];
  const totals = all.data ?? [];
  const paging = useIndexPaging(items, matchesCity);
  const totalBusinesses = totals.reduce((sum, item) => sum + item.businessCount, 0);
  const title = letter ? `Cities ${beginningWith(letter)}` : 'Cities Directory';
  useSeo({
    title: `${title} | ${SITE_NAME}`,
    description: letter ? `Cities ${beginningWith(letter)} and their businesses.` : `Browse businesses in ${formatInt(totals.length)} cities worldwide.`,
    canonicalPath: `${letter ? letterPath('/cities', letter) : '/cities'}${paging.canonicalQuery}`,
    jsonLd: [itemList(paging.pageItems.map((item) => ({ name: item.city, path: cityHref(item.city, item.countryCode, item.slug) })), title)],
  });
  return (
    <div className="container section">
      <header className="page-header">
        <h1>{title}</h1>
        <p className="muted">Find businesses city by city.</p>
      </header>
      <div className="stat-tiles">
        <div className="stat"><strong>{formatInt(totals.length)}</strong><span>Cities</span></div>
        <div className="stat"><strong>{formatInt(totalBusinesses)}</strong><span>Total Businesses</span></div>
        <div className="stat"><strong>{formatInt(totals.length ? Math.round(totalBusinesses / totals.length) : 0)}</strong><span>Avg per City</span></div>
      </div>
      <LetterBar base="/cities" active={letter} label="Cities by letter" />
      <div className="toolbar">
        <FilterBox label="Search cities or countries" placeholder="Search cities or countries..." value={paging.filter} onChange={paging.setFilter} />
      </div>
      {query.isPending ? (
        <SkeletonCards count={12} label="Loading cities" />
      ) : query.isError ? (
        <StateMessage title="Unable to load cities" text="There was an error loading the cities. Please try again later." tone="error" />
      ) : paging.filteredCount === 0 ? (
        <StateMessage title="No cities found" />
      ) : (
        <>
          <ul className="card-grid">
            {paging.pageItems.map((item) => {
              const count = item.businessCount;
              return (
                <li key={`${item.countryCode}-${item.city}`} className="card place-card">
                  <h2 className="card-title">
                    <Link to={cityHref(item.city, item.countryCode, item.slug)}>{item.city}</Link>
                  </h2>
                  <p className="muted small">{item.countryCode}</p>
                  <dl className="mini-stats">
                    <div><dt>Businesses</dt><dd>{formatNK(count)}</dd></div>
                    <div><dt>Categories</dt><dd>{formatNK(item.categoryCount)}</dd></div>
                  </dl>
                  <p className="small">Market Share {share(count, totalBusinesses)}%</p>
                </li>
              );
            })}
          </ul>
          <IndexPagingFooter paging={paging} noun="cities" label="Cities pages" />
        </>
      )}
      <LetterBar base="/cities" active={letter} showAll label="Cities by letter (bottom)" />
    </div>
  );
}
