/** The home page's reads: one precomputed document (common/search-documents.ts HomeDocument). */
import type { FeaturedBusiness, HomepageData } from '../../../../common/api/public.ts';
import { HOME_DOCUMENT_ID, type HomeDocument } from '../../../../common/search-documents.ts';
import { presentHomepageData } from '../../presenters/public-aggregates.ts';
import { presentFeaturedBusiness } from '../../presenters/public-business.ts';
import { isDocumentNotFound, readSearch, type SearchReader } from './search-reader.ts';
import { AppError } from '../../errors.ts';

async function readHome(reader: SearchReader, fields: Array<keyof HomeDocument>): Promise<HomeDocument> {
  try {
    return await readSearch(() => reader.index<HomeDocument>('home').getDocument(HOME_DOCUMENT_ID, { fields }));
  } catch (error) {
    if (isDocumentNotFound(error)) throw new AppError('service_unavailable', 'The directory is being indexed. Please try again in a moment.');
    throw error;
  }
}

/** GET /api/homepage-data: popular categories, top cities (with their real country), top countries. */
export async function getHomepageData(options: { reader: SearchReader }): Promise<HomepageData> {
  return presentHomepageData(await readHome(options.reader, ['popularSearches', 'topCities', 'topCountries', 'totals']));
}

/** GET /api/featured-businesses: the 12 cards of the home page. */
export async function listFeaturedBusinesses(options: { reader: SearchReader }): Promise<FeaturedBusiness[]> {
  const home = await readHome(options.reader, ['featured']);
  return home.featured.map(presentFeaturedBusiness);
}
