/**
 * Rows shaped like an Outscraper export (classic layout), built from the project's own demo generator
 * (prisma/seed), for tests and the bench.
 */
import type { BusinessRow } from '../../../../../common/business.ts';
import { generateBusinesses } from '../../../../../prisma/seed/generate-businesses.ts';
import type { Cell } from './spreadsheet-writers.ts';

export const EXPORT_HEADER = [
  'name', 'site', 'type', 'subtypes', 'category', 'phone', 'full_address', 'street', 'city', 'postal_code', 'state',
  'country', 'country_code', 'latitude', 'longitude', 'rating', 'reviews', 'reviews_link', 'photo', 'logo',
  'located_in', 'working_hours', 'verified', 'about', 'place_id', 'url', 'business_status',
];

export function toExportRow(row: BusinessRow, typed = false): Cell[] {
  const num = (value: number | null) => (value === null ? '' : typed ? value : String(value));
  return [
    row.name, row.website ?? '', row.type ?? '', row.subtypes.join(', '), row.category ?? '', row.phone ?? '',
    row.fullAddress ?? '', row.street ?? '', row.city ?? '', row.postalCode ?? '', row.state ?? '', row.country ?? '',
    row.countryCode ?? '', num(row.latitude), num(row.longitude), num(row.rating), typed ? row.reviewCount : String(row.reviewCount),
    row.reviewsLink ?? '', row.photo ?? '', row.logo ?? '', row.locatedIn ?? '',
    row.workingHours ? JSON.stringify(row.workingHours) : '', typed ? row.verified : row.verified ? 'True' : 'False',
    row.about ? JSON.stringify(row.about) : '', row.placeId ?? '', row.url ?? '', row.businessStatus ?? '',
  ];
}

/** `count` export rows with distinct place_ids (the generator's own repeats are dropped). */
export function* exportRows(count: number, seed = 1, typed = false): Generator<Cell[]> {
  const seen = new Set<string>();
  let made = 0;
  for (const row of generateBusinesses({ count, seed })) {
    if (row.placeId && seen.has(row.placeId)) continue;
    if (row.placeId) seen.add(row.placeId);
    yield toExportRow(row, typed);
    if (++made === count) return;
  }
}
