import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { countriesQuery } from '../api/queries.ts';
import type { CountrySummary } from '../../../common/api/public.ts';
import { IndexResults } from '../components/index-results.tsx';
import { IndexPageLayout, type IndexDefinition } from '../components/index-page-layout.tsx';
import { nameMatches, useIndexPaging, type Needle } from '../hooks/use-index-paging.ts';
import { formatInt, formatNK, share } from '../lib/format.ts';
import { countryHref } from '../lib/slugs.ts';
import { countryCodeFrom, countryNameSlugs } from '../../../common/countries.ts';
import { useApi } from '../lib/use-api.ts';

// Also a name the country is known by in English that is not its name here ("turkey" finds Türkiye, "burma"
// Myanmar), or the start of its name in another language ("schw" finds Switzerland: Schweiz).
const matchesCountry = (item: CountrySummary, needle: Needle) =>
  nameMatches(item.country, item.slug, needle) ||
  (needle.text.length > 2 && countryCodeFrom(needle.text, 'english') === item.countryCode) ||
  (needle.folded.length > 2 && Boolean(item.countryCode) && countryNameSlugs(item.countryCode!).some((slug) => slug.startsWith(needle.folded)));

const COUNTRY_INDEX: IndexDefinition<CountrySummary> = {
  base: '/countries',
  intro: 'Discover local businesses in every country of the directory.',
  filter: { label: 'Search countries', placeholder: 'Search countries...' },
  linkOf: (item) => ({ name: item.country, path: countryHref(item.country, item.countryCode, item.slug) }),
};

export function CountriesPage() {
  const api = useApi();
  const query = useQuery(countriesQuery(api));
  const items = query.data ?? [];
  const paging = useIndexPaging(items, matchesCountry);
  const totalBusinesses = items.reduce((sum, item) => sum + item.businessCount, 0);
  const totalCities = items.reduce((sum, item) => sum + item.cityCount, 0);
  return (
    <IndexPageLayout
      index={COUNTRY_INDEX}
      listing={{ paging }}
      title="Explore Businesses by Country"
      seo={{ title: 'Countries', description: `Browse businesses in ${formatInt(items.length)} countries, with their cities and categories.` }}
      stats={[{ value: items.length, label: 'Countries' }, { value: totalBusinesses, label: 'Total Businesses' }, { value: totalCities, label: 'Cities' }]}
    >
      <IndexResults noun="countries" query={query} paging={paging}>
        {(item) => {
          const count = item.businessCount;
          const marketShare = share(count, totalBusinesses);
          return (
            <li key={item.country} className="card place-card">
              <h2 className="card-title">{item.country}</h2>
              <p className="muted small">Business Hub</p>
              <dl className="mini-stats">
                <div><dt>Businesses</dt><dd>{formatNK(count)}</dd></div>
                <div><dt>Cities</dt><dd>{formatNK(item.cityCount)}</dd></div>
                <div><dt>Categories</dt><dd>{formatNK(item.categoryCount)}</dd></div>
              </dl>
              <p className="small">Market Share {marketShare}%</p>
              <div className="bar" aria-hidden="true"><span style={{ width: `${Math.min(100, Number(marketShare))}%` }} /></div>
              <Link to={countryHref(item.country, item.countryCode, item.slug)} className="btn btn-secondary btn-sm" aria-label={`Explore ${item.country}`}>
                Explore Now
              </Link>
            </li>
          );
        }}
      </IndexResults>
    </IndexPageLayout>
  );
}
