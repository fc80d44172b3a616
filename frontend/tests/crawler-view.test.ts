/**
 * What a crawler without JavaScript gets: every public route answers with its content in the HTML,
 * a unique title, the canonical URL on PUBLIC_URL, JSON-LD, and a real HTTP status.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, test } from 'vitest';
import express from 'express';
import { stripSlugSuffix } from '../../common/slug.ts';
import { buildBusiness, reindexDirectory, seedDirectory } from '../../api/src/services/public/testing/public-fixtures.ts';
import { createSitemapRouter } from '../server/sitemaps.ts';
import { BUSINESS_TOTAL, CATEGORY_TOTAL, CITY_TOTAL, PUBLIC_URL, startTestSite, type TestSite } from './site-fixture.ts';

interface Page {
  status: number;
  html: string;
  title: string;
  canonical: string | null;
  jsonLd: Record<string, unknown>[];
}

function parse(status: number, html: string): Page {
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
  const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1] ?? null;
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]) as Record<string, unknown>,
  );
  return { status, html, title: title.replace(/&amp;/g, '&').replace(/&quot;/g, '"'), canonical, jsonLd };
}

const decode = (html: string) => html.replace(/<!-- -->/g, '').replace(/&amp;/g, '&').replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"');

describe('crawler view (no JavaScript)', () => {
  let site: TestSite;
  let starSlug: string;
  const get = async (path: string) => {
    const response = await site.request(path, { headers: { 'user-agent': 'Googlebot/2.1' } });
    return parse(response.status, await response.text());
  };

  beforeAll(async () => {
    site = await startTestSite();
    const { rows } = await site.pool.query<{ slug: string }>(`SELECT slug FROM businesses WHERE place_id = 'star-cafe'`);
    starSlug = rows[0].slug;
  });
  afterAll(async () => site?.close());

  test('a category, country or city reached by another spelling of its URL names its one canonical URL', async () => {
    for (const [path, canonical] of [
      ['/categories/Bakery', '/categories/bakery'],
      ['/countries/de', '/countries/germany'],
      ['/countries/Germany', '/countries/germany'],
      ['/countries/DE/cities', '/countries/germany/cities'],
      ['/cities/DE/Berlin', '/cities/de/berlin'],
      // Typed by hand with accents, or decomposed: the same pages, not 404s.
      ['/categories/B%C3%84KERY', '/categories/bakery'],
      ['/countries/G%C3%A9rmany', '/countries/germany'],
      ['/countries/deutschland', '/countries/germany'],
      [`/countries/${encodeURIComponent('Россия')}`, '/countries/russia'],
      ['/cities/de/B%C3%A9rlin', '/cities/de/berlin'],
      [`/cities/de/${encodeURIComponent('Bérlin'.normalize('NFD'))}`, '/cities/de/berlin'],
    ]) {
      const page = await get(path);
      assert.equal(page.status, 200, path);
      assert.equal(page.canonical, `${PUBLIC_URL}${canonical}`, path);
    }
  });

  test('a business nobody has rated says so instead of showing five empty stars and 0.0', async () => {
    const { rows } = await site.pool.query<{ slug: string }>(`SELECT slug FROM businesses WHERE place_id = 'no-geo'`);
    const page = await get(`/business/${rows[0].slug}`);
    assert.equal(page.status, 200);
    const html = decode(page.html);
    assert.ok(html.includes('No ratings yet'));
    assert.ok(!html.includes('0.0') && !html.includes('(0 Reviews)'), 'no 0.0 rating and no zero review count');
  });

  test('the business page holds its content, title, canonical and LocalBusiness + BreadcrumbList', async () => {
    const page = await get(`/business/${starSlug}`);
    assert.equal(page.status, 200);
    assert.equal(page.title, 'Sunrise Coffee Roasters - Coffee shop | Business Directory');
    assert.equal(page.canonical, `${PUBLIC_URL}/business/${starSlug}`);
    const html = decode(page.html);
    for (const text of ['Sunrise Coffee Roasters', 'Open Now', 'Torstrasse 1', 'Berlin, Germany', 'Features & Amenities', 'View All', '+2 more', 'Based on 321 reviews', 'View All Reviews on Google', 'OPERATIONAL', 'Nearby Businesses']) {
      assert.ok(html.includes(text), `business page shows '${text}'`);
    }
    // Without scripts the map card says the map needs them (not "Loading map..." for good).
    assert.match(page.html, /<noscript>The map needs JavaScript: use the Google Maps link below\.<\/noscript>/);
    assert.match(page.html, /<span class="js-only">Loading map\.\.\.<\/span>/);
    // Names take their direction from their own text (an Arabic name reads right to left in the English page).
    assert.match(page.html, /<h1 dir="auto">Sunrise Coffee Roasters<\/h1>/);
    const cards = (await get('/categories/bakery')).html;
    assert.match(cards, /<a (?=[^>]*dir="auto")[^>]*href="\/business\/[^"]+"[^>]*>Berlin Bakery \d+<\/a>/, 'a list card names its business with dir="auto"');
    assert.match(page.html, /<meta name="description" content="Sunrise Coffee Roasters, Coffee shop in Berlin, DE\. Rated 4\.7\/5 from 321 reviews/);
    const { rows } = await site.pool.query<{ slug: string }>(`SELECT slug FROM businesses WHERE place_id = 'lyon'`);
    const florist = await get(`/business/${rows[0].slug}`);
    assert.match(page.html, /<meta name="description" content="[^"]*\. Address, phone, opening hours and map\."/);
    const { rows: [hidden] } = await site.pool.query<{ slug: string }>(`SELECT slug FROM businesses WHERE place_id = 'no-geo'`);
    assert.match((await get(`/business/${hidden.slug}`)).html, /<meta name="description" content="Hidden Workshop, Carpenter in Munich, DE\. Address\."/, 'only the details the page has');
    const { rows: [town] } = await site.pool.query<{ slug: string }>(`SELECT slug FROM businesses WHERE place_id = 'town-01'`);
    const unknownCount = decode((await get(`/business/${town.slug}`)).html);
    assert.ok(unknownCount.includes('3.0') && !unknownCount.includes('(0 Reviews)'), 'a rating without a review count says no "(0 Reviews)"');
    assert.match(florist.html, /<meta name="description" content="Lyon Florist, Florist in Lyon, FR\. Rated 4\.2\/5 from 1,234 reviews\./, 'review counts read with separators');
    // Its import said it closed for good: the page says so, with no "Open Now"/"Closed" hours badge, and links its website.
    const closed = decode(florist.html);
    assert.match(closed, /<p class="closed-notice" role="note">Permanently closed: this business no longer operates here\.<\/p>/);
    assert.match(closed, /<dt>Status<\/dt>(<!-- -->)?<dd>Permanently closed<\/dd>/);
    assert.doesNotMatch(closed, /class="badge badge-(open|closed)"/);
    assert.doesNotMatch(closed, /Call Now/, 'no call button for a place closed for good');
    assert.match(closed, /<a href="https:\/\/lyon-florist\.example\/" target="_blank" rel="noopener noreferrer nofollow">Website<\/a>/);
    assert.match(decode(page.html), /<dt>Status<\/dt>(<!-- -->)?<dd>OPERATIONAL<\/dd>/, 'no status from the import: the spec\'s text');
    const local = page.jsonLd.find((entry) => entry['@type'] === 'LocalBusiness') as Record<string, any>;
    assert.ok(local, 'LocalBusiness JSON-LD');
    assert.equal(local.name, 'Sunrise Coffee Roasters');
    assert.equal(local.telephone, '+49 30 1234567');
    // Its cell holds two numbers: each is shown with its own link, and Call Now dials the first.
    assert.match(page.html, /<a href="tel:\+49301234567">\+49 30 1234567<\/a><\/p><p><a href="tel:\+49307654321">\+49 30 7654321<\/a>/);
    assert.match(page.html, /<a class="btn btn-primary" href="tel:\+49301234567">Call Now<\/a>/);
    assert.equal(local.address.addressLocality, 'Berlin');
    assert.deepEqual(local.geo, { '@type': 'GeoCoordinates', latitude: 52.52, longitude: 13.405 });
    assert.equal(local.aggregateRating.ratingValue, 4.7);
    assert.equal(local.aggregateRating.reviewCount, 321);
    assert.equal(local.url, `${PUBLIC_URL}/business/${starSlug}`);
    // Open 24 hours every day: seven specifications from Monday, midnight to 23:59.
    assert.deepEqual(local.openingHoursSpecification.map((spec: { dayOfWeek: string; opens: string; closes: string }) => [spec.dayOfWeek.replace('https://schema.org/', ''), spec.opens, spec.closes]),
      ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((day) => [day, '00:00', '23:59']));
    assert.ok(page.jsonLd.some((entry) => entry['@type'] === 'BreadcrumbList'));
    assert.match(page.html, /<meta property="og:title" content="Sunrise Coffee Roasters - Coffee shop \| Business Directory"/);
  });

  test('site settings markup is in the head, at body start and at body end', async () => {
    const page = await get('/');
    const head = page.html.slice(0, page.html.indexOf('</head>'));
    assert.ok(head.includes('<meta name="test-head-tag" content="present">'));
    const body = page.html.slice(page.html.indexOf('<body>'));
    assert.ok(body.indexOf('window.__pixelRan') < body.indexOf('id="root"'), 'pixel before the app');
    assert.ok(body.indexOf('footer-marker') > body.indexOf('id="root"'), 'footer tags after the app');
  });

  test('every list and static route renders its content with a unique title and a canonical URL', async () => {
    const routes: [string, string, string | null][] = [
      ['/', 'Find Businesses Worldwide', 'ItemList'],
      ['/businesses', `Showing 1-20 of ${BUSINESS_TOTAL} businesses`, 'ItemList'],
      ['/businesses?page=2', `Showing 21-40 of ${BUSINESS_TOTAL} businesses`, 'ItemList'],
      ['/businesses?page=12', `Showing 221-${BUSINESS_TOTAL} of ${BUSINESS_TOTAL} businesses`, 'ItemList'],
      ['/categories/dentist?page=11', 'Vienna Dental Care', 'BreadcrumbList'],
      ['/categories', 'Business Categories', 'ItemList'],
      ['/categories/b', 'Keywords beginning with B', 'ItemList'],
      ['/categories/bakery', 'Berlin Bakery', 'BreadcrumbList'],
      ['/countries', 'Germany', 'ItemList'],
      ['/countries/germany', 'Businesses in Germany', 'BreadcrumbList'],
      ['/cities', 'Cities Directory', 'ItemList'],
      ['/cities/m', 'Cities beginning with M', 'ItemList'],
      ['/cities/%23', 'Казань', 'ItemList'],
      // A canonical URL in another script is percent-encoded, as the sitemap spells it.
      [`/cities/ru/${encodeURIComponent('казань')}`, 'Кофейня Уют', 'BreadcrumbList'],
      [`/categories/${encodeURIComponent('кофейня')}`, 'Кофейня Уют', 'BreadcrumbList'],
      ['/categories/%23', 'Кофейня', 'ItemList'],
      ['/cities/fr/paris', 'Boulangerie Paris', 'BreadcrumbList'],
      ['/contact', 'Send us a Message', null],
      ['/privacy-policy', 'December 12, 2025', null],
      ['/legal-notice', '45%', null],
      ['/terms-of-service', '30 days', null],
      ['/cookie-policy', '90 days', null],
      ['/search?q=bakery', 'Berlin Bakery', 'ItemList'],
      ['/search?q=berlin', 'Looking for businesses in Berlin? <a href="/search?location=Berlin"', 'ItemList'],
      ['/search?location=Berlin', '<h1>Businesses in Berlin</h1>', 'ItemList'],
      // A category chosen alone (a facet link without words) lists that category.
      ['/search?category=bakery', '<h1>Bakery</h1>', 'ItemList'],
      [`/search?q=${encodeURIComponent('Казань')}`, 'Showing businesses in Казань: no business name, category or type matches "Казань".', 'ItemList'],
      // No business matches every word: those matching the first words, and the page says so.
      ['/search?q=bakery+zzqqxv', 'No business matches every word of "bakery zzqqxv": showing those that match some of them.', 'ItemList'],
      ['/countries/germany/cities', 'Berlin', 'ItemList'],
    ];
    // Near a point: nearest first, and the form keeps the point without scripts.
    const near = await get('/search?q=bakery&lat=52.52&lng=13.405');
    assert.ok(decode(near.html).includes('Search results for "bakery" near you'));
    assert.match(near.html, /<input type="hidden" name="lat" value="52.52"\/><input type="hidden" name="lng" value="13.405"\/>/);
    const titles = new Set<string>();
    for (const [path, text, schema] of routes) {
      const page = await get(path);
      assert.equal(page.status, 200, `${path} status`);
      assert.ok(decode(page.html).includes(text), `${path} shows '${text}'`);
      assert.equal(page.canonical, `${PUBLIC_URL}${path}`, `${path} canonical`);
      assert.match(page.html, /<meta name="description" content="[^"]{20,}"/, `${path} description`);
      assert.match(page.html, /<meta property="og:title" content="[^"]+"/, `${path} og:title`);
      assert.ok(page.html.includes(`<meta property="og:url" content="${PUBLIC_URL}${path.replaceAll('&', '&amp;')}"`), `${path} og:url`);
      if (schema) assert.ok(page.jsonLd.some((entry) => entry['@type'] === schema), `${path} has ${schema}`);
      assert.ok(!titles.has(page.title), `${path} title '${page.title}' is unique`);
      titles.add(page.title);
    }
  });

  test('the contact page states the directory figures from the data, not the fixed claims of the spec', async () => {
    const page = await get('/contact');
    const figures = [...page.html.matchAll(/<dt>([^<]+)<\/dt><dd>([^<]+)<\/dd>/g)].map((match) => `${match[1]}: ${match[2]}`);
    assert.deepEqual(figures, [`Listed Businesses: ${BUSINESS_TOTAL}`, 'Countries: 4', `Cities: ${CITY_TOTAL}`, `Categories: ${CATEGORY_TOTAL}`]);
  });

  test('without scripts the contact form posts itself to the API, and the page it comes back to says how it went', async () => {
    const page = await get('/contact');
    assert.match(page.html, /<form[^>]*method="post"[^>]*action="\/api\/contact"|<form[^>]*action="\/api\/contact"[^>]*method="post"/);
    assert.doesNotMatch(page.html, /Message Sent Successfully/);
    // Without scripts the browser checks the rules before posting (the page turns that off once scripts run).
    assert.doesNotMatch(page.html, /novalidate/i);
    assert.match(page.html, /<input[^>]*id="contact-name"[^>]*required=""[^>]*minLength="2"|<input[^>]*id="contact-name"[^>]*minLength="2"[^>]*required=""/i);
    assert.match(page.html, /<textarea[^>]*id="contact-message"[^>]*minLength="10"/i);
    const form = new URLSearchParams({ name: 'No Script', email: 'noscript@example.com', subject: 'A question', message: 'Posted without JavaScript.', company: '', phone: '', website: '' });
    const posted = await site.request('/api/contact', { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
    assert.equal(posted.status, 303);
    const back = await get(posted.headers.get('location')!.replace(/#.*/, ''));
    assert.equal(back.status, 200);
    assert.match(decode(back.html), /Message Sent Successfully/);
    // Its close control is a link to the page without the notice, so it works without scripts.
    assert.match(back.html, /<a href="\/contact" class="toast-close" aria-label="Dismiss notification">/);
    const refused = decode((await get(`/contact?${new URLSearchParams([['error', 'Name must be at least 2 characters'], ['error', 'Subject must be at least 5 characters']])}`)).html);
    assert.match(refused, /role="alert"><strong>Error<\/strong><p>Name must be at least 2 characters Subject must be at least 5 characters<\/p>/);
    assert.match(refused, /<input[^>]*id="contact-name"[^>]*aria-invalid="true"/, 'the field is marked');
    assert.match(refused, /id="contact-subject-error">Subject must be at least 5 characters</);
    // A link with its own words in `error` gets the site's failure notice, never those words.
    const forged = decode((await get(`/contact?${new URLSearchParams({ error: 'Your listing was suspended. Call +1 900 555 0000' })}`)).html);
    assert.match(forged, /role="alert"><strong>Error<\/strong><p>Failed to send message\. Please try again later\.<\/p>/);
    assert.ok(!forged.includes('suspended'));
  });

  test("the home page's claim of countries is the directory's own number (the spec's fixed 195+ is not)", async () => {
    const { rows } = await site.pool.query<{ n: number }>(`SELECT count(DISTINCT country_code)::int AS n FROM businesses WHERE is_approved AND country_code IS NOT NULL`);
    const text = decode((await get('/')).html).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    assert.ok(text.includes(`find contact details in ${rows[0].n} countries.`), text.slice(0, 600));
    assert.ok(!text.includes('195+'));
  });

  test('a letter page of categories counts shares and totals against all businesses, as the cities pages do', async () => {
    const categories = (await (await site.request('/api/categories')).json()) as Array<{ category: string; count: number; slug: string; averageRating: number | null }>;
    const bakery = categories.find((item) => item.category === 'Bakery')!;
    const total = categories.reduce((sum, item) => sum + item.count, 0);
    // The cards' rating is each category's mean over its rated businesses (the spec's card showed 4.2 for all).
    const { rows: means } = await site.pool.query<{ slug: string; mean: string | null }>(
      `SELECT category_slug AS slug, round(avg(rating) FILTER (WHERE rating > 0)::numeric, 1)::text AS mean FROM businesses WHERE is_approved GROUP BY 1`,
    );
    for (const { slug, mean } of means) {
      const item = categories.find((category) => category.slug === slug);
      if (item) assert.equal(item.averageRating, mean === null ? null : Number(mean), slug);
    }
    assert.ok(means.some((row) => row.mean === null) && new Set(means.map((row) => row.mean)).size > 2, 'the fixture has unrated categories and several means');
    for (const path of ['/categories', '/categories/b']) {
      const text = decode((await get(path)).html).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
      assert.ok(text.includes(`${CATEGORY_TOTAL} Total Categories ${BUSINESS_TOTAL} Total Businesses`), `${path} tiles: ${text.slice(0, 400)}`);
      assert.ok(text.includes(`Bakery ${bakery.count} businesses · ★ ${bakery.averageRating!.toFixed(1)} ${((bakery.count / total) * 100).toFixed(1)}% of all businesses`), `${path} Bakery share`);
    }
  });

  test('a count of one takes the singular', async () => {
    const florist = await get('/categories/florist');
    assert.match(florist.html, /<title>Florist - 1 Business \|/);
    assert.match(florist.html, /<meta name="description" content="1 Florist business in 1 country:/);
    assert.ok(decode(florist.html).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').includes('1 Business 1 Country'), 'the stat tiles');
    const letterF = decode((await get('/categories/f')).html).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    assert.ok(letterF.includes('Florist 1 business ·'), 'the category card');
  });

  test('the home page top cities link with their real country code', async () => {
    const page = await get('/');
    assert.match(page.html, /href="\/cities\/fr\/paris"/);
    assert.match(page.html, /href="\/cities\/de\/berlin"/);
  });

  test('unknown paths and unknown records answer 404 with their not-found screens', async () => {
    const cases: [string, string][] = [
      ['/no/such/page', 'Page Not Found'],
      ['/business/no-such-business-zzzzzz', 'Business Not Found'],
      ['/categories/no-such-category', 'Category not found'],
      ['/countries/atlantis', 'Country not found'],
      ['/cities/de/atlantis', 'City not found'],
      ['/cities/abc', 'Page Not Found'],
    ];
    for (const [path, text] of cases) {
      const page = await get(path);
      assert.equal(page.status, 404, `${path} status`);
      assert.ok(page.html.includes(text), `${path} shows '${text}'`);
      assert.match(page.html, /<meta name="robots" content="noindex/);
      assert.equal(page.canonical, null, `${path}: a page that is not to be indexed names no canonical page`);
      assert.doesNotMatch(page.html, /og:url/, path);
    }
    // The spec's 404 banner has no ad slot behind it: an empty placeholder, for a signed-in admin only.
    assert.doesNotMatch((await get('/no/such/page')).html, /Advertisement 300/, 'a visitor sees no empty ad box');
  });

  test('a search whose keywords end with a city shows the keywords in that city, or everywhere when none is there, and says so', async () => {
    const html = decode((await get('/search?q=bakery%20berlin')).html);
    assert.match(html, /Showing "bakery" in Berlin\. <a href="\/search\?q=bakery"[^>]*>Search "bakery" everywhere<\/a>/);
    assert.doesNotMatch(html, /Munich/, 'only the Berlin bakeries');
    // No dentist in Berlin: the words as typed, everywhere, and the page says why.
    const elsewhere = decode((await get('/search?q=dentist%20berlin')).html);
    assert.match(elsewhere, /No business in Berlin matches these words: showing matches everywhere\. <a href="\/search\?location=Berlin"[^>]*>Show businesses in Berlin<\/a>/);
    assert.match(elsewhere, /Vienna Dental Care/);
  });

  test('without scripts the index filters are GET forms, and ?filter= renders the filtered list', async () => {
    const page = await get('/categories');
    assert.match(page.html, /<form[^>]*role="search"[^>]*method="get"[^>]*>[\s\S]*?<input[^>]*name="filter"/);
    const filtered = decode((await get('/categories?filter=flor')).html);
    assert.ok(filtered.includes('Florist'), 'the matching category is listed');
    assert.ok(!filtered.includes('>Bakery<'), 'the others are not');
    assert.match(filtered, /<input[^>]*name="filter"[^>]*value="flor"|<input[^>]*value="flor"[^>]*name="filter"/, 'the box shows the filter');
    const cities = decode((await get('/cities?filter=lyon')).html);
    assert.ok(cities.includes('Lyon') && !cities.includes('>Paris<'));
    // A country's other English name finds it ("turkey" finds Türkiye; here "deutschland" finds Germany).
    const countries = decode((await get('/countries?filter=deutschland')).html);
    assert.ok(countries.includes('Showing 1 to 1 of 1 countries'), 'one country: Germany');
    assert.match(countries, /href="\/countries\/germany"[^>]*>[\s\S]{0,400}Explore Now/);
    // The start of a name in the country's own language finds it too ("deut": Deutschland).
    assert.ok(decode((await get('/countries?filter=deut')).html).includes('Showing 1 to 1 of 1 countries'), '"deut" finds Germany');
    // A filtered page names itself as canonical, not the unfiltered page of the same number.
    assert.equal((await get('/categories?filter=speciality&page=2')).canonical?.replace(/&amp;/g, '&'), `${PUBLIC_URL}/categories?filter=speciality&page=2`);
    assert.equal((await get('/countries?filter=a')).canonical, `${PUBLIC_URL}/countries?filter=a`);
    assert.equal((await get('/cities?page=2')).canonical, `${PUBLIC_URL}/cities?page=2`);
  });

  test('without scripts every search form submits to /search with GET (none is disabled in the HTML)', async () => {
    for (const path of ['/', '/search?q=bakery', '/no/such/page', '/business/no-such-business-zzzzzz']) {
      const html = (await get(path)).html;
      const forms = [...html.matchAll(/<form[^>]*role="search"[^>]*>[\s\S]*?<\/form>/g)].map((match) => match[0]);
      assert.ok(forms.length > 0, `${path} has a search form`);
      for (const form of forms) {
        assert.match(form, /action="\/search"/, path);
        assert.match(form, /method="get"/, path);
        assert.doesNotMatch(form, /<button[^>]*disabled/, `${path}: a disabled button would never submit without scripts`);
        assert.match(form, /<input[^>]*name="q"[^>]*maxLength="200"|<input[^>]*maxLength="200"[^>]*name="q"/i, `${path}: the box stops at the 200 characters a search takes`);
      }
    }
  });

  test('a page past the last one shows the last page; a page that is not 1..N shows page 1', async () => {
    const businessLinks = (html: string) => [...html.matchAll(/href="(\/business\/[^"]+)"/g)].map((match) => match[1]);
    const pageLinks = (html: string) => [...new Set([...decode(html).matchAll(/href="[^"]*[?&]page=(\d+)"/g)].map((match) => Number(match[1])))].sort((a, b) => a - b);
    // 130 dentists in Vienna: 11 pages of 12 on the category and city pages, 7 pages of 20 in the search.
    const cases: [base: string, last: number, pastTheEnd: string[]][] = [
      ['/categories/dentist', 11, ['99999', '1001', '12']],
      ['/cities/at/vienna', 11, ['99999', '1001', '99']],
      // /businesses accepts 1..100 (spec): past its last page, the last page, even past 100 (it showed page 1).
      ['/businesses', Math.ceil(BUSINESS_TOTAL / 20), [String(Math.ceil(BUSINESS_TOTAL / 20) + 1), '100', '101', '99999']],
    ];
    for (const [base, last, pastTheEnd] of cases) {
      const lastPage = await get(`${base}?page=${last}`);
      assert.equal(lastPage.status, 200);
      assert.equal(lastPage.canonical, `${PUBLIC_URL}${base}?page=${last}`);
      assert.ok(businessLinks(lastPage.html).length > 0, `${base}?page=${last} lists businesses`);
      for (const requested of pastTheEnd) {
        const path = `${base}?page=${requested}`;
        const page = await get(path);
        assert.equal(page.status, 200, `${path} status`);
        assert.equal(page.canonical, lastPage.canonical, `${path} canonical is the last page's`);
        assert.equal(page.title, lastPage.title, `${path} title`);
        assert.deepEqual(businessLinks(page.html), businessLinks(lastPage.html), `${path} shows the last page's businesses`);
        assert.deepEqual(pageLinks(page.html), pageLinks(lastPage.html), `${path} paging buttons`);
        assert.ok(Math.max(...pageLinks(page.html)) <= last, `${path} links no page past ${last}`);
        assert.ok(!page.html.includes('No businesses found') && !page.html.includes('Unable to load'), `${path} error state`);
      }
      const first = await get(base);
      for (const requested of ['0', '-1', 'abc', '2.5']) {
        const page = await get(`${base}?page=${requested}`);
        assert.equal(page.status, 200, `${base}?page=${requested} status`);
        assert.equal(page.canonical, `${PUBLIC_URL}${base}`, `${base}?page=${requested} canonical`);
        assert.deepEqual(businessLinks(page.html), businessLinks(first.html), `${base}?page=${requested} shows page 1`);
      }
    }

    const firstResults = await get('/search?q=dentist');
    const total = Number(/(\d+) results/.exec(decode(firstResults.html))?.[1]);
    assert.ok(total > 20, `the dentist search has several pages (${total} results)`);
    const last = Math.ceil(total / 20);
    const lastResults = await get(`/search?q=dentist&page=${last}`);
    assert.equal(lastResults.canonical?.replaceAll('&amp;', '&'), `${PUBLIC_URL}/search?q=dentist&page=${last}`);
    for (const requested of ['999', '99999', String(last + 1)]) {
      const path = `/search?q=dentist&page=${requested}`;
      const page = await get(path);
      assert.equal(page.status, 200, `${path} status`);
      assert.equal(page.canonical, lastResults.canonical, `${path} canonical is the last page's`);
      assert.ok(decode(page.html).includes(`${total} results`), `${path} result count`);
      assert.ok(!page.html.includes('No results found'), `${path} shows results`);
      assert.ok(businessLinks(page.html).length > 0, `${path} lists businesses`);
      assert.deepEqual(businessLinks(page.html), businessLinks(lastResults.html), `${path} shows the last page's results`);
      assert.deepEqual(pageLinks(page.html), pageLinks(lastResults.html), `${path} paging buttons`);
      assert.ok(Math.max(...pageLinks(page.html)) <= last, `${path} links no page past ${last}`);
    }

    // With nothing to search for, the canonical URL has no dangling '?'.
    assert.equal((await get('/search')).canonical, `${PUBLIC_URL}/search`);
    assert.equal((await get('/search?q=')).canonical, `${PUBLIC_URL}/search`);

    // A query over the API's 200 characters is refused as input, not reported as an outage.
    const long = await get(`/search?q=${'a'.repeat(5000)}`);
    assert.equal(long.status, 200);
    assert.ok(long.html.includes('This search cannot be run') && long.html.includes('What you search for must be at most 200 characters'), 'the reason is shown');
    assert.ok(!long.html.includes('Search is unavailable'));
    const longTitle = /<title>([^<]*)<\/title>/.exec(long.html)?.[1] ?? '';
    assert.ok(longTitle.length < 200, `the title does not repeat the whole query (${longTitle.length} characters)`);
  });

  test("a city's other name redirects 301 to its one page; the sitemap lists that page once", async () => {
    // Vienna's dentists: /cities/at/wien is Vienna's page (common/city-names.ts), the query string kept.
    const redirect = async (path: string) => {
      const response = await site.request(path);
      await response.arrayBuffer();
      return [response.status, response.headers.get('location')];
    };
    assert.deepEqual(await redirect('/cities/at/wien?page=2'), [301, '/cities/at/vienna?page=2']);
    assert.deepEqual(await redirect('/cities/AT/Wien'), [301, '/cities/at/vienna']);
    // The same name outside the group's country is no redirect (and no city here).
    assert.deepEqual(await redirect('/cities/de/wien'), [404, null]);
    const cities = await (await site.request('/sitemaps/cities.xml')).text();
    assert.deepEqual(cities.match(/\/cities\/at\/(vienna|wien)</g), ['/cities/at/vienna<'], 'Vienna once, though one dentist says Wien');
    // Its page counts all 130 dentists, under the name most of them use.
    const vienna = await get('/cities/at/vienna');
    assert.equal(vienna.status, 200);
    assert.ok(vienna.html.includes('content="130 businesses in Vienna, Austria, in 1 category'), 'all 130 dentists on one page');
  });

  test('a business slug without its suffix redirects 301 to the full slug when one business has it', async () => {
    const bare = stripSlugSuffix(starSlug);
    const response = await site.request(`/business/${bare}`);
    assert.equal(response.status, 301);
    assert.equal(new URL(response.headers.get('location')!, 'http://x').pathname, `/business/${starSlug}`);
    const wrongSuffix = await site.request(`/business/${bare}-zzzzzz`);
    assert.equal(wrongSuffix.status, 301, 'the spec fallback: strip a wrong suffix, then resolve');
    // Typed by hand in capitals and with an accent: the stored slug, by a redirect.
    const accented = await site.request(`/business/${encodeURIComponent(starSlug.toUpperCase().replace('A', 'Á'))}`);
    assert.equal(accented.status, 301);
    assert.equal(new URL(accented.headers.get('location')!, 'http://x').pathname, `/business/${starSlug}`);

    // Two businesses share the bare slug: no redirect to either; the most reviewed one is shown with its
    // own canonical URL, and a full slug still opens each of them.
    const { rows: twins } = await site.pool.query<{ slug: string }>(`SELECT slug FROM businesses WHERE place_id IN ('berlin-23', 'berlin-25') ORDER BY place_id`);
    const twinBare = stripSlugSuffix(twins[0].slug);
    assert.equal(stripSlugSuffix(twins[1].slug), twinBare);
    const shared = await get(`/business/${twinBare}`);
    assert.equal(shared.status, 200);
    assert.equal(shared.canonical, `${PUBLIC_URL}/business/${twins[1].slug}`, 'berlin-25 has the most reviews');
    assert.ok(shared.html.includes('Twin Bakery'));
    for (const twin of twins) assert.equal((await get(`/business/${twin.slug}`)).canonical, `${PUBLIC_URL}/business/${twin.slug}`);
  });

  test('an unchanged page keeps its ETag across renders and revalidates with a 304 and no body', async () => {
    const first = await site.request('/categories');
    const second = await site.request('/categories');
    const etag = first.headers.get('etag');
    assert.match(etag ?? '', /^W\/"/);
    assert.equal(second.headers.get('etag'), etag, 'two renders of the same data: one validator');
    // max-age=0 as a browser's reload sends it (fetch would add no-cache to a conditional request).
    for (const encoding of ['gzip', 'identity']) {
      const revalidated = await site.request('/categories', { headers: { 'if-none-match': etag!, 'accept-encoding': encoding, 'cache-control': 'max-age=0' } });
      assert.equal(revalidated.status, 304, encoding);
      assert.equal(await revalidated.text(), '');
    }
    assert.notEqual((await site.request('/countries')).headers.get('etag'), etag, 'another page, another validator');
    const missing = await site.request('/categories/no-such-category', { headers: { 'if-none-match': etag!, 'cache-control': 'max-age=0' } });
    assert.equal(missing.status, 404, 'a 404 page is never a 304');
  });

  test('sitemaps: an index, the aggregate files and business files with lastmod', async () => {
    const index = await (await site.request('/sitemap.xml')).text();
    for (const file of ['main', 'categories', 'countries', 'cities', 'businesses/page-1']) {
      assert.ok(index.includes(`<loc>${PUBLIC_URL}/sitemaps/${file}.xml</loc>`), `index lists ${file}`);
    }
    assert.ok(!index.includes('page-2.xml'), `${BUSINESS_TOTAL} businesses fit in one file of 9,000`);
    const businesses = await (await site.request('/sitemaps/businesses/page-1.xml')).text();
    assert.equal(businesses.match(/<url>/g)?.length, BUSINESS_TOTAL);
    assert.ok(businesses.includes(`<loc>${PUBLIC_URL}/business/${starSlug}</loc><lastmod>`));
    const past = await site.request('/sitemaps/businesses/page-2.xml');
    assert.equal(past.status, 404);
    assert.match(await past.text(), /<title>Page Not Found/, 'a sitemap file past the last one is the site\'s 404 page');
    assert.match(await (await site.request('/sitemaps/categories.xml')).text(), new RegExp(`<loc>${PUBLIC_URL}/categories/bakery</loc><lastmod>`));
    assert.match(await (await site.request('/sitemaps/cities.xml')).text(), new RegExp(`<loc>${PUBLIC_URL}/cities/fr/paris</loc>`));
    assert.match(await (await site.request('/sitemaps/countries.xml')).text(), new RegExp(`<loc>${PUBLIC_URL}/countries/germany</loc>`));
    const main = await site.request('/sitemaps/main.xml');
    assert.match(main.headers.get('cache-control') ?? '', /public, max-age=\d+/);
    const mainXml = await main.text();
    assert.match(mainXml, new RegExp(`<loc>${PUBLIC_URL}/cookie-policy</loc><lastmod>2025-12-12T00:00:00.000Z</lastmod>`), 'legal pages: their own date');
    assert.match(mainXml, new RegExp(`<loc>${PUBLIC_URL}/businesses</loc><lastmod>\\d{4}-`), 'list pages: the newest business change');

    // The split: with 10 URLs a file, the businesses make 24 files with no business twice; with 30 URLs
    // an aggregate file, the 75 categories and the 75 cities make 3 files each, no URL lost or repeated.
    const app = express().use(createSitemapRouter({ pool: site.pool, publicUrl: PUBLIC_URL, urlsPerFile: 10, aggregateUrlsPerFile: 30 }));
    const server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const split = await (await fetch(`${base}/sitemap.xml`)).text();
      const files = Math.ceil(BUSINESS_TOTAL / 10);
      assert.equal(split.match(/businesses\/page-\d+\.xml/g)?.length, files);
      const seen = new Set<string>();
      for (let page = 1; page <= files; page++) {
        const xml = await (await fetch(`${base}/sitemaps/businesses/page-${page}.xml`)).text();
        for (const match of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) seen.add(match[1]);
      }
      assert.equal(seen.size, BUSINESS_TOTAL);

      const locs = async (file: string) => {
        const response = await fetch(`${base}/sitemaps/${file}.xml`);
        assert.equal(response.status, 200, `${file}.xml`);
        return [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
      };
      for (const name of ['categories', 'cities']) {
        assert.ok(split.includes(`<loc>${PUBLIC_URL}/sitemaps/${name}.xml</loc>`), `index lists ${name}.xml`);
        assert.deepEqual(split.match(new RegExp(`${name}/page-\\d+\\.xml`, 'g')), [`${name}/page-2.xml`, `${name}/page-3.xml`]);
        const all = [...(await locs(name)), ...(await locs(`${name}/page-2`)), ...(await locs(`${name}/page-3`))];
        const total = name === 'categories' ? CATEGORY_TOTAL : CITY_TOTAL;
        assert.equal(new Set(all).size, total, `${name}: every URL once`);
        assert.equal(all.length, total);
        assert.equal((await fetch(`${base}/sitemaps/${name}/page-4.xml`)).status, 404);
        assert.equal((await fetch(`${base}/sitemaps/${name}/page-1.xml`)).status, 404, 'page 1 has one address');
      }
      assert.equal((await locs('categories'))[0], `${PUBLIC_URL}/categories/dentist`, 'most businesses first');
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  test('sitemaps are regenerated when the indexer publishes (after an import), not before', async () => {
    const app = express().use(createSitemapRouter({ pool: site.pool, publicUrl: PUBLIC_URL, versionCheckMs: 0 }));
    const server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const page = async () => (await fetch(`${base}/sitemaps/businesses/page-1.xml`)).text();
    try {
      assert.equal((await page()).match(/<url>/g)?.length, BUSINESS_TOTAL);
      await site.pool.query(`INSERT INTO businesses (name, slug, category, category_slug, city, city_slug, country_code, place_id, source)
        VALUES ('Sitemap Newcomer', 'sitemap-newcomer-abc123', 'Bakery', 'bakery', 'Berlin', 'berlin', 'DE', 'sitemap-newcomer', 'test')`);
      assert.ok(!(await page()).includes('sitemap-newcomer-abc123'), 'served from the cache until the indexer publishes');
      await site.pool.query(`INSERT INTO indexer_state (key, value, updated_at) VALUES ('test:published', '{}', now())
        ON CONFLICT (key) DO UPDATE SET updated_at = now()`);
      assert.ok((await page()).includes(`<loc>${PUBLIC_URL}/business/sitemap-newcomer-abc123</loc>`), 'regenerated after the publish');
    } finally {
      await site.pool.query(`DELETE FROM businesses WHERE place_id = 'sitemap-newcomer'`);
      await site.pool.query(`DELETE FROM indexer_state WHERE key = 'test:published'`);
      server.closeAllConnections();
      server.close();
    }
  });

  test('robots.txt and the /api JSON 404 stay intact', async () => {
    const robots = await site.request('/robots.txt');
    assert.equal(robots.status, 200);
    assert.match(await robots.text(), new RegExp(`Sitemap: ${PUBLIC_URL}/sitemap.xml`));
    const api = await site.request('/api/nope');
    assert.equal(api.status, 404);
    assert.match(api.headers.get('content-type') ?? '', /json/);
  });

  test('hashed assets are served with immutable caching', async () => {
    const page = await get('/');
    const script = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(page.html)?.[1];
    assert.ok(script, 'the page loads a hashed script');
    const response = await site.request(script);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('cache-control') ?? '', /immutable/);
  });

  test('scripts, styles and pages go out compressed to a browser that accepts it, the same bytes once unpacked', async () => {
    const raw = (path: string, acceptEncoding?: string) =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http.get(`${site.url}${path}`, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
        }).on('error', reject);
      });
    const home = await raw('/', 'gzip, deflate, br');
    assert.equal(home.headers['content-encoding'], 'gzip');
    assert.match(gunzipSync(home.body).toString(), /Find Businesses Worldwide/);
    assert.equal((await raw('/')).headers['content-encoding'], undefined, 'no Accept-Encoding: plain');
    for (const asset of [/src="(\/assets\/[^"]+\.js)"/.exec(gunzipSync(home.body).toString())![1], /href="(\/assets\/[^"]+\.css)"/.exec(gunzipSync(home.body).toString())![1]]) {
      const plain = await raw(asset);
      assert.equal(plain.headers['content-encoding'], undefined);
      const brotli = await raw(asset, 'gzip, deflate, br');
      assert.equal(brotli.headers['content-encoding'], 'br', asset);
      assert.match(String(brotli.headers.vary), /Accept-Encoding/i);
      assert.match(String(brotli.headers['content-type']), asset.endsWith('.js') ? /javascript/ : /text\/css/);
      assert.match(String(brotli.headers['cache-control']), /immutable/);
      assert.deepEqual(brotliDecompressSync(brotli.body), plain.body, asset);
      assert.ok(brotli.body.length < plain.body.length / 2, `${asset}: ${brotli.body.length} of ${plain.body.length} bytes`);
      const gzip = await raw(asset, 'gzip');
      assert.equal(gzip.headers['content-encoding'], 'gzip');
      assert.deepEqual(gunzipSync(gzip.body), plain.body, asset);
    }
    // Sitemaps too (a business file is ~1.2 MB of XML at 9,000 URLs), with an ETag a crawler can revalidate.
    const sitemap = '/sitemaps/businesses/page-1.xml';
    const plainMap = await raw(sitemap);
    assert.equal(plainMap.headers['content-encoding'], undefined);
    const zipped = await raw(sitemap, 'gzip, deflate, br');
    assert.equal(zipped.headers['content-encoding'], 'gzip');
    assert.match(String(zipped.headers.vary), /Accept-Encoding/i);
    assert.deepEqual(gunzipSync(zipped.body), plainMap.body);
    assert.ok(zipped.body.length < plainMap.body.length / 4, `${zipped.body.length} of ${plainMap.body.length} bytes`);
    const revalidated = await site.request(sitemap, { headers: { 'if-none-match': String(zipped.headers.etag), 'cache-control': 'max-age=0' } });
    assert.equal(revalidated.status, 304);
    assert.equal(await revalidated.text(), '');
  });

  test('a place\'s category chips and a category\'s country chips open that category in that place, not its worldwide list', async () => {
    const cityPage = (await get('/cities/fr/paris')).html;
    const href = /<a[^>]*href="([^"]*)"[^>]*>Bakery/.exec(cityPage)?.[1]?.replace(/&amp;/g, '&');
    assert.equal(href, '/search?location=Paris%2C+France&category=bakery');
    const inParis = decode((await get(href!)).html);
    assert.ok(inParis.includes('<h1>Bakery in Paris, France</h1>'), 'the title names the category');
    assert.ok(inParis.includes('Boulangerie Paris 0') && !inParis.includes('Berlin Bakery'), 'only the bakeries of Paris');
    assert.match(inParis, />4 results</);
    const categoryPage = (await get('/categories/bakery')).html;
    assert.match(categoryPage, /href="\/search\?location=Germany&amp;category=bakery"/);
    assert.match((await get('/countries/germany')).html, /href="\/search\?location=Germany&amp;category=bakery"/);
  });

  test('search facets show five chips a group and fold the rest, in the HTML', async () => {
    const html = decode((await get('/search?q=town%20shop')).html);
    const category = html.slice(html.indexOf('<h3>Category</h3>'), html.indexOf('<h3>City</h3>'));
    assert.equal(category.split('<details')[0].match(/class="chip"/g)?.length, 5);
    assert.match(category, /<details class="more-chips"><summary>5 more<\/summary>/);
  });

  // Last: it adds a business and indexes again, which would move the counts the tests above check.
  test('a business with no country links its city to the search for it: there is no city page without a country', async () => {
    const rows = ['Atlantis Books', 'Atlantis Cafe'].map((name, n) => buildBusiness({ placeId: `atlantis-${n}`, name, city: 'Atlantis', country: null, countryCode: null }));
    await seedDirectory({ config: site.config, pool: site.pool, rows });
    try {
      const { rows: found } = await site.pool.query<{ slug: string }>(`SELECT slug FROM businesses WHERE place_id = 'atlantis-0'`);
      const page = decode((await get(`/business/${found[0].slug}`)).html);
      assert.ok(page.includes('Atlantis Cafe'), 'its neighbour is listed');
      assert.match(page, /<a[^>]+href="\/search\?location=Atlantis"[^>]*>More in Atlantis<\/a>/);
      assert.ok(!page.includes('/cities/us/atlantis'), 'no link to a city page that does not exist');
    } finally {
      await site.pool.query("DELETE FROM businesses WHERE place_id LIKE 'atlantis-%'");
      await reindexDirectory({ config: site.config, pool: site.pool });
    }
  });

  test('nearby businesses are from the same city in the same country: Paris, Texas lists none of the Paris bakeries', async () => {
    const diner = buildBusiness({ placeId: 'paris-tx', name: 'Lone Star Diner', type: 'Diner', category: 'Diner', city: 'Paris', country: 'United States', countryCode: 'US', fullAddress: '1 Main St, Paris, TX 75460, United States' });
    await seedDirectory({ config: site.config, pool: site.pool, rows: [diner] });
    try {
      const slugOf = async (where: string) => (await site.pool.query<{ slug: string }>(`SELECT slug FROM businesses WHERE ${where} ORDER BY place_id LIMIT 1`)).rows[0].slug;
      const texas = decode((await get(`/business/${await slugOf("place_id = 'paris-tx'")}`)).html);
      assert.ok(texas.includes('Lone Star Diner'));
      assert.ok(!texas.includes('Boulangerie') && !texas.includes('Nearby Businesses'), 'no French business is near Paris, Texas');
      const bakery = decode((await get(`/business/${await slugOf("place_id LIKE 'paris-%' AND place_id <> 'paris-tx'")}`)).html);
      assert.ok(bakery.includes('Nearby Businesses') && !bakery.includes('Lone Star Diner'), 'the bakeries of Paris, France are near each other, not near the diner');
    } finally {
      await site.pool.query("DELETE FROM businesses WHERE place_id = 'paris-tx'");
      await reindexDirectory({ config: site.config, pool: site.pool });
    }
  });
});
