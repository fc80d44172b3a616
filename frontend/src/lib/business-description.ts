import type { BusinessDetail } from '../../../common/api/public.ts';
import type { BusinessFacts } from './business-facts.ts';
import { countOf } from './format.ts';

/**
 * The meta description of a business page: what and where it is, its rating, and which details the page
 * has (the description once promised address, phone, hours and map to pages that had none of them).
 */
export function describeBusiness(business: BusinessDetail, facts: BusinessFacts): string {
  const { rating, reviews, latitude, longitude } = facts;
  return [
    `${business.name}${business.type ? `, ${business.type}` : ''}`,
    business.city ? ` in ${business.city}${business.countryCode ? `, ${business.countryCode}` : ''}` : '',
    rating > 0 ? `. Rated ${rating.toFixed(1)}/5` : '',
    rating > 0 && reviews > 0 ? ` from ${countOf(reviews, 'review', 'reviews')}` : '',
    detailsSentence([business.fullAddress && 'address', facts.tel && 'phone', facts.hasHours && 'opening hours', latitude !== null && longitude !== null && 'map']),
  ].join('');
}

/** '. Address, phone and map.': only the details the page has. */
function detailsSentence(parts: Array<string | false | null | undefined | ''>): string {
  const present = parts.filter((part): part is string => Boolean(part));
  if (present.length === 0) return '.';
  const list = present.length === 1 ? present[0] : `${present.slice(0, -1).join(', ')} and ${present.at(-1)}`;
  return `. ${list.charAt(0).toUpperCase()}${list.slice(1)}.`;
}
