/**
 * The built public site on the real API over real PostgreSQL + Meilisearch, with a small directory:
 * for the browser and crawler-view tests. Data goes in through the real writer and indexer
 * (seedDirectory); site settings and ad codes straight into their tables.
 */
import { buildBusiness, seedDirectory } from '../../api/src/services/public/testing/public-fixtures.ts';
import { startTestApi } from '../../api/src/test/api-harness.ts';
import type { BusinessRow } from '../../common/business.ts';
import { ensureFrontendBuild } from '../server/build.ts';
import { createFrontendRouter } from '../server/create-frontend-handler.ts';

export type TestSite = Awaited<ReturnType<typeof startTestApi>>;

export const PUBLIC_URL = 'https://directory.example';

/**
 * Blocks for deep paging, beside the 34 hand-made businesses: 130 dentists in Vienna (11 category and
 * city pages of 12) and 70 shops, each with a category and a town of its own (7 pages of 12 on the
 * category and city indexes). With them /businesses has 12 pages of 20.
 */
export const VIENNA_DENTISTS = 130;
export const TOWN_SHOPS = 70;
export const BUSINESS_TOTAL = 34 + VIENNA_DENTISTS + TOWN_SHOPS;
export const CATEGORY_TOTAL = 6 + TOWN_SHOPS;
export const CITY_TOTAL = 6 + TOWN_SHOPS;

const AMENITIES = {
  'Service options': { 'Dine-in': true, Takeout: true, Delivery: true, 'Curbside pickup': true, 'Outdoor seating': true, 'No-contact delivery': true },
  Accessibility: { 'Wheelchair accessible entrance': true, 'Wheelchair accessible restroom': false },
  Offerings: { Coffee: true, 'Vegan options': true },
  Payments: { 'Credit cards': true, 'Debit cards': true, Cash: true, Checks: false, 'Mobile payments': true, 'Gift cards': true, NFC: 'Apple Pay, Google Pay' },
  Atmosphere: { Cozy: true },
};

export function directoryRows(): BusinessRow[] {
  const rows: BusinessRow[] = [];
  rows.push(
    buildBusiness({
      placeId: 'star-cafe',
      name: 'Sunrise Coffee Roasters',
      type: 'Coffee shop',
      category: 'Coffee shop',
      city: 'Berlin',
      fullAddress: 'Torstrasse 1, 10119 Berlin, Germany',
      rating: 4.7,
      reviewCount: 321,
      reviewsLink: 'https://www.google.com/maps/place/?q=sunrise',
      // Two numbers in one cell, as exports have them.
      phone: '+49 30 1234567;+49 30 7654321',
      verified: true,
      about: AMENITIES,
      workingHours: { Monday: 'Open 24 hours', Tuesday: 'Open 24 hours', Wednesday: 'Open 24 hours', Thursday: 'Open 24 hours', Friday: 'Open 24 hours', Saturday: 'Open 24 hours', Sunday: 'Open 24 hours' },
    }),
    buildBusiness({
      placeId: 'no-geo',
      name: 'Hidden Workshop',
      type: 'Carpenter',
      category: 'Carpenter',
      city: 'Munich',
      fullAddress: 'Hinterhof 2, 80331 Munich, Germany',
      latitude: null,
      longitude: null,
      // A run-on token with no place to break (a scrape's URL): it must wrap, not widen a phone's page.
      about: `Hand-made furniture since 1962. Catalogue: https://hidden-workshop.example/${'oaktable'.repeat(60)}`,
      rating: null,
      reviewCount: 0,
      phone: null,
      workingHours: null,
    }),
  );
  for (let n = 0; n < 26; n++) {
    // berlin-23 and berlin-25 share a name in Berlin: their slugs differ only in the suffix.
    const twin = n === 23 || n === 25;
    rows.push(buildBusiness({ placeId: `berlin-${n}`, name: twin ? 'Twin Bakery' : `Berlin Bakery ${n}`, city: n % 2 ? 'Berlin' : 'Munich', rating: 3.5 + (n % 3) / 2, reviewCount: n === 25 ? 500 : 10 }));
  }
  for (let n = 0; n < 4; n++) {
    rows.push(
      buildBusiness({
        placeId: `paris-${n}`,
        name: `Boulangerie Paris ${n}`,
        type: 'Bakery',
        category: 'Bakery',
        city: 'Paris',
        country: 'France',
        countryCode: 'FR',
        fullAddress: `${n} Rue de Rivoli, 75001 Paris, France`,
        latitude: 48.86,
        longitude: 2.35,
      }),
    );
  }
  for (let n = 0; n < VIENNA_DENTISTS; n++) {
    rows.push(
      buildBusiness({
        placeId: `vienna-${n}`,
        name: `Vienna Dental Care ${String(n).padStart(3, '0')}`,
        type: 'Dentist',
        category: 'Dentist',
        // One export's own name for the city: the same city page (common/city-names.ts).
        city: n === 0 ? 'Wien' : 'Vienna',
        state: 'Vienna',
        postalCode: '1010',
        country: 'Austria',
        countryCode: 'AT',
        fullAddress: `Ringstrasse ${n + 1}, 1010 Vienna, Austria`,
        latitude: 48.21,
        longitude: 16.37,
        rating: 4,
        reviewCount: 3,
      }),
    );
  }
  for (let n = 1; n <= TOWN_SHOPS; n++) {
    const number = String(n).padStart(2, '0');
    rows.push(
      buildBusiness({
        placeId: `town-${number}`,
        name: `Town Shop ${number}`,
        type: `Speciality ${number}`,
        category: `Speciality ${number}`,
        city: `Kleinstadt ${number}`,
        state: 'Lower Austria',
        postalCode: '3100',
        country: 'Austria',
        countryCode: 'AT',
        fullAddress: `Hauptplatz ${n}, 3100 Kleinstadt ${number}, Austria`,
        latitude: 48.2,
        longitude: 15.6,
        rating: 3,
        // Town Shop 01: a rating without a review count (an export's empty reviews cell).
        reviewCount: n === 1 ? 0 : 1,
      }),
    );
  }
  rows.push(
    // Closed for good, as its export said; it has a website.
    buildBusiness({ placeId: 'lyon', name: 'Lyon Florist', type: 'Florist', category: 'Florist', city: 'Lyon', country: 'France', countryCode: 'FR', fullAddress: '1 Place Bellecour, Lyon, France', rating: 4.2, reviewCount: 1234, businessStatus: 'CLOSED_PERMANENTLY', website: 'https://lyon-florist.example/' }),
    // A name, category and city in another script: reached through the '#' letter pages.
    buildBusiness({ placeId: 'kazan', name: 'Кофейня Уют', type: 'Кофейня', category: 'Кофейня', city: 'Казань', country: 'Россия', countryCode: 'RU', fullAddress: 'улица Баумана, 1, Казань, Россия' }),
  );
  return rows;
}

/** Every route of the spec (and /search), with the heading a visitor sees first. */
export function publicRoutes(businessSlug: string): [path: string, heading: string][] {
  return [
    ['/', 'Find Businesses Worldwide'],
    [`/business/${businessSlug}`, 'Sunrise Coffee Roasters'],
    ['/businesses', 'All Businesses'],
    ['/categories', 'Business Categories'],
    ['/categories/b', 'Keywords beginning with B'],
    ['/categories/bakery', 'Bakery'],
    ['/countries', 'Explore Businesses by Country'],
    ['/countries/germany', 'Businesses in Germany'],
    ['/countries/germany/cities', 'Cities in Germany'],
    ['/cities', 'Cities Directory'],
    ['/cities/p', 'Cities beginning with P'],
    ['/cities/%23', 'Cities in other scripts or starting with a digit'],
    ['/cities/fr/paris', 'Businesses in Paris'],
    ['/contact', 'Contact Us'],
    ['/privacy-policy', 'Privacy Policy'],
    ['/legal-notice', 'Legal Notice'],
    ['/terms-of-service', 'Terms of Service'],
    ['/cookie-policy', 'Cookie Policy'],
    ['/search?q=bakery', 'Search results for "bakery"'],
    ['/does-not-exist', 'Page Not Found'],
  ];
}

export async function startTestSite(): Promise<TestSite> {
  await ensureFrontendBuild();
  const site = await startTestApi({
    withAdmin: false,
    // An https site sits behind a TLS-terminating proxy, which TRUST_PROXY says (platform/config.ts
    // refuses https without it: the admin's Secure cookie could never be set).
    env: { PUBLIC_URL, TRUST_PROXY: 'true' },
    fallbackRouters: [(deps) => createFrontendRouter({ config: deps.config, pool: deps.pool })],
  });
  await site.pool.query(`
    INSERT INTO site_settings (key, value) VALUES
      ('head_tags', '<meta name="test-head-tag" content="present">'),
      ('facebook_pixel', '<script>window.__pixelRan = true;</script><noscript id="pixel-marker">pixel</noscript>'),
      ('footer_tags', '<div id="footer-marker">Footer tag</div>')`);
  await site.pool.query(`INSERT INTO advertisement_codes (slot, html) VALUES ('ad5', '<p id="ad-body">Home advert</p>'), ('ad2', '<p>Hero advert</p>')`);
  await seedDirectory({ config: site.config, pool: site.pool, rows: directoryRows() });
  return site;
}
