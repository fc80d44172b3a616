import { Link, useParams } from 'react-router';
import { citiesQuery } from '../api/queries.ts';
import type { CitySummary } from '../../../common/api/public.ts';
import { beginningWith, LetterBar, letterOfParam } from '../components/letter-bar.tsx';
import { IndexResults } from '../components/index-results.tsx';
import { IndexPageLayout, type IndexDefinition } from '../components/index-page-layout.tsx';
import { nameMatches, type Needle } from '../hooks/use-index-paging.ts';
import { useLetteredIndex } from '../hooks/use-lettered-index.ts';
import { formatInt, formatNK, share } from '../lib/format.ts';
import { cityHref } from '../lib/slugs.ts';

const matchesCity = (item: CitySummary, needle: Needle) =>
  nameMatches(item.city, item.slug, needle) || (item.countryCode ?? '').toLowerCase().includes(needle.text);

const CITY_INDEX: IndexDefinition<CitySummary> = {
  base: '/cities',
  intro: 'Find businesses city by city.',
  filter: { label: 'Search cities or countries', placeholder: 'Search cities or countries...' },
  letterBarLabel: 'Cities by letter',
  linkOf: (item) => ({ name: item.city, path: cityHref(item.city, item.countryCode, item.slug) }),
};

/** /cities and /cities/{letter}; the unfiltered list supplies the totals (spec §7). */
export function CitiesPage() {
  const params = useParams();
  const letter = letterOfParam(params.letter);
  const listing = useLetteredIndex({ letter, listQuery: citiesQuery, matches: matchesCity, businessesOf: (item) => item.businessCount });
  const { query, paging, totals } = listing;
  const title = letter ? `Cities ${beginningWith(letter)}` : 'Cities Directory';
  return (
    <IndexPageLayout
      index={CITY_INDEX}
      listing={listing}
      title={title}
      seo={{ description: letter ? `Cities ${beginningWith(letter)} and their businesses.` : `Browse businesses in ${formatInt(totals.count)} cities worldwide.` }}
      stats={[{ value: totals.count, label: 'Cities' }, { value: totals.businesses, label: 'Total Businesses' }, { value: totals.average, label: 'Avg per City' }]}
    >
      <IndexResults noun="cities" query={query} paging={paging}>
        {(item) => {
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
              <p className="small">Market Share {share(count, totals.businesses)}%</p>
            </li>
          );
        }}
      </IndexResults>
      <LetterBar base="/cities" active={letter} showAll label="Cities by letter (bottom)" />
    </IndexPageLayout>
  );
}
