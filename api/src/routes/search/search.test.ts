import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { ErrorBody, SearchResult } from '../../../../common/api/public.ts';
import { cellBlock, distanceMeters, geohash } from '../../../../common/geo-cells.ts';
import { writeBusinessBatch } from '../../../../platform/db/business-writer.ts';
import { withTransaction } from '../../../../platform/db/pool.ts';
import { buildBusiness, reindexDirectory, seedDirectory } from '../../services/public/testing/public-fixtures.ts';
import { startTestApi } from '../../test/api-harness.ts';

type Api = Awaited<ReturnType<typeof startTestApi>>;

const pizza = (name: string, city: string, countryCode: string, latitude: number, longitude: number, extra = {}) =>
  buildBusiness({ name, city, countryCode, latitude, longitude, category: 'Pizza restaurant', type: 'Pizza restaurant', subtypes: ['Pizza restaurant'], ...extra });

/**
 * Near Reykjavik: a place inside the first 3 x 3 block of cells (precision 5) due north of the point, and a
 * nearer one due east just outside it (cells there are twice as tall as wide).
 */
const fjordPoint = { lat: 64.1, lng: -21.9 };
const fjordBlock = new Set(cellBlock(fjordPoint.lat, fjordPoint.lng, 5));
const inFirstBlock = (lat: number, lng: number) => fjordBlock.has(geohash(lat, lng, 5));
let northInside = 0;
while (inFirstBlock(fjordPoint.lat + northInside + 0.001, fjordPoint.lng)) northInside += 0.001;
let eastOutside = 0;
while (inFirstBlock(fjordPoint.lat, fjordPoint.lng + eastOutside)) eastOutside += 0.001;
const fjordFar = { lat: fjordPoint.lat + northInside, lng: fjordPoint.lng };
const fjordNear = { lat: fjordPoint.lat, lng: fjordPoint.lng + eastOutside };

const espressoNorth = Array.from({ length: 45 }, (_, i) => ((i * 17) % 45) + 1);

describe('GET /api/search', () => {
  let api: Api;

  beforeAll(async () => {
    api = await startTestApi({ withAdmin: false });
    await seedDirectory({
      config: api.config,
      pool: api.pool,
      rows: [
        buildBusiness({ name: 'Sunrise Bakery', city: 'Berlin', countryCode: 'DE', category: 'Bakery', type: 'Bakery' }),
        pizza('Moonlight Pizza', 'Berlin', 'DE', 52.52, 13.405),
        pizza('Pizza Hamburg Hafen', 'Hamburg', 'DE', 53.55, 9.99),
        pizza('Pizza Bavaria', 'Munich', 'DE', 48.137, 11.575),
        pizza('Pizza Napoli', 'Paris', 'FR', 48.857, 2.352, { country: 'France', fullAddress: '1 Rue de Rivoli, 75001 Paris, France' }),
        pizza('Pizza Roma', 'Paris', 'US', 33.66, -95.55, { country: 'United States', state: 'Texas', fullAddress: '1 Main St, Paris, TX 75460' }),
        buildBusiness({ name: 'Tyre Service', city: 'Paris', countryCode: 'FR', category: 'Tire shop', type: 'Tire shop' }),
        // 45 espresso bars due north of a point in Oslo, 55 m to 111 km away, listed in no particular order.
        ...espressoNorth.map((i) => buildBusiness({ name: `Espresso Stop ${i}`, city: 'Oslo', countryCode: 'NO', category: 'Coffee shop', type: 'Coffee shop', latitude: 59.9 + 0.0005 * i * i, longitude: 10.75 })),
        buildBusiness({ name: 'Espresso Nowhere', city: 'Oslo', countryCode: 'NO', category: 'Coffee shop', type: 'Coffee shop', latitude: null, longitude: null }),
        buildBusiness({ name: 'カフェ 桜', city: '東京', countryCode: 'JP', country: '日本', category: 'カフェ', type: 'カフェ' }),
        buildBusiness({ name: 'Café Lumière', city: 'Lyon', countryCode: 'FR', category: 'Cafe', type: 'Cafe' }),
        buildBusiness({ name: 'Café Soleil', city: 'Lyon', countryCode: 'FR', category: 'Cafe', type: 'Cafe' }),
        buildBusiness({ name: 'Café Lune', city: 'Lyon', countryCode: 'FR', category: 'Café', type: 'Café' }),
        buildBusiness({ name: 'Fjord Fish Far', city: 'Reykjavík', countryCode: 'IS', category: 'Fish restaurant', type: 'Fish restaurant', latitude: fjordFar.lat, longitude: fjordFar.lng }),
        buildBusiness({ name: 'Fjord Fish Near', city: 'Reykjavík', countryCode: 'IS', category: 'Fish restaurant', type: 'Fish restaurant', latitude: fjordNear.lat, longitude: fjordNear.lng }),
        buildBusiness({ name: 'Acarajé da Bahia', city: 'Salvador', countryCode: 'BR', country: 'Brazil', category: 'Restaurant', type: 'Restaurant' }),
        buildBusiness({ name: 'Pupusería Central', city: 'San Salvador', countryCode: 'SV', country: 'El Salvador', category: 'Restaurant', type: 'Restaurant' }),
        buildBusiness({ name: 'Churrascaria Planalto', city: 'Brasília', countryCode: 'BR', country: 'Brazil', category: 'Restaurant', type: 'Restaurant' }),
        buildBusiness({ name: 'Padaria Paulista', city: 'São Paulo', countryCode: 'BR', country: 'Brazil', category: 'Restaurant', type: 'Restaurant' }),
        buildBusiness({ name: 'Cocktail Corner', city: 'Bar', countryCode: 'ME', country: 'Montenegro', category: 'Bar', type: 'Bar' }),
        // A business named after another place than its own, and one of its kind in that place.
        buildBusiness({ name: 'Hotel Berlin', city: 'Munich', countryCode: 'DE', category: 'Hotel', type: 'Hotel' }),
        buildBusiness({ name: 'Grand Hotel', city: 'Berlin', countryCode: 'DE', category: 'Hotel', type: 'Hotel' }),
        buildBusiness({ name: '서울 국밥', city: '서울', countryCode: 'KR', country: '대한민국', category: '식당', type: '식당' }),
        // One city under two names, from two exports; a city whose letters a visitor types without their marks.
        buildBusiness({ name: 'Happy Paws', city: 'Belgrade', countryCode: 'RS', country: 'Serbia', category: 'Pet groomer', type: 'Pet groomer' }),
        buildBusiness({ name: 'Šapica', city: 'Beograd', countryCode: 'RS', country: 'Serbia', category: 'Pet groomer', type: 'Pet groomer', reviewCount: 50 }),
        // From a file without a country column: its city is no page of the directory.
        buildBusiness({ name: 'Stray Paws', city: 'Beograd', countryCode: null, country: null, fullAddress: null, phone: null, category: 'Pet groomer', type: 'Pet groomer' }),
        buildBusiness({ name: 'Hotel Beograd', city: 'Graz', countryCode: 'AT', category: 'Hotel', type: 'Hotel' }),
        buildBusiness({ name: 'Gelateria Sorrento', city: 'Napoli', countryCode: 'IT', category: 'Gelato shop', type: 'Gelato shop' }),
        buildBusiness({ name: 'Gulf Gelato', city: 'Naples', countryCode: 'US', state: 'Florida', category: 'Gelato shop', type: 'Gelato shop' }),
        buildBusiness({ name: 'Gelateria Adriatic', city: 'Bar', countryCode: 'ME', country: 'Montenegro', category: 'Gelato shop', type: 'Gelato shop' }),
        buildBusiness({ name: 'Kawiarnia Piotrkowska', city: 'Łódź', countryCode: 'PL', country: 'Poland', category: 'Cafe', type: 'Cafe' }),
        buildBusiness({ name: 'Chestnut Steaks', city: 'Philadelphia', countryCode: 'US', country: 'United States', category: 'Cheesesteak shop', type: 'Cheesesteak shop', phone: '+1 267-389-7404', fullAddress: '1800 Chestnut St, Philadelphia, PA 19103', postalCode: '19103' }),
        // Much reviewed, and one typo from what "hotl" means only as the start of a word.
        buildBusiness({ name: 'Holy Cow Burgers', city: 'Munich', countryCode: 'DE', category: 'Hamburger restaurant', type: 'Hamburger restaurant', reviewCount: 5_000 }),
        buildBusiness({ name: "Barry's Steaks", city: 'Munich', countryCode: 'DE', category: 'Steak house', type: 'Steak house', reviewCount: 9_000 }),
        // On the street of Chestnut Steaks, with nothing of it in its name; on a street a shoe shop is named after.
        buildBusiness({ name: 'Rittenhouse Books', city: 'Philadelphia', countryCode: 'US', country: 'United States', category: 'Book store', type: 'Book store', fullAddress: '1717 Chestnut St, Philadelphia, PA 19102', postalCode: '19102' }),
        buildBusiness({ name: 'Confiserie am See', city: 'Zürich', countryCode: 'CH', country: 'Switzerland', category: 'Confectionery', type: 'Confectionery', fullAddress: 'Bahnhofstrasse 21, 8001 Zürich, Switzerland', postalCode: '8001' }),
        buildBusiness({ name: 'Schuhhaus Bahnhofstrasse', city: 'Frankfurt', countryCode: 'DE', country: 'Germany', category: 'Shoe store', type: 'Shoe store', fullAddress: 'Kaiserstraße 1, 60311 Frankfurt, Germany', postalCode: '60311' }),
        // Named after the street Chestnut Steaks is on, in another city.
        buildBusiness({ name: 'Chestnut Grill', city: 'Boston', countryCode: 'US', country: 'United States', category: 'Grill', type: 'Grill', fullAddress: '5 Beacon St, Boston, MA 02108', postalCode: '02108' }),
        buildBusiness({ name: 'Cafe Manila', city: 'City', countryCode: 'PH', country: 'Philippines', category: 'Cafe', type: 'Cafe' }),
        buildBusiness({ name: 'Kawiarnia Nowy Świat', city: 'Warszawa', countryCode: 'PL', country: 'Poland', category: 'Cafe', type: 'Cafe' }),
      ],
    });
  });
  afterAll(async () => api?.close());

  async function search(query: string): Promise<SearchResult> {
    const response = await api.request(`/api/search?${query}`);
    assert.equal(response.status, 200, await response.clone().text());
    return SearchResult.parse(await response.json());
  }

  test('a typo finds the word it misspells before a name that only starts like it (hotl: hotels, not Holy Cow)', async () => {
    const names = (await search('q=hotl')).businesses.map((business) => business.name);
    assert.deepEqual(names.slice(0, 2).sort(), ['Grand Hotel', 'Hotel Berlin']);
    // One typo in a whole word: what a business is (its category) before a name that happens to be close.
    const bakery = (await search('q=bakry')).businesses.map((business) => business.name);
    assert.equal(bakery[0], 'Sunrise Bakery');
  });

  test('keywords are typo tolerant over name, category and type', async () => {
    const result = await search('q=pizzza');
    assert.equal(result.totalCount, 5);
    assert.ok(result.businesses.every((business) => business.category === 'Pizza restaurant'));
    const bakery = await search('q=bakkery');
    assert.deepEqual(bakery.businesses.map((business) => business.name), ['Sunrise Bakery']);
    // Short words too: one typo from 4 letters (Meilisearch's default is 5), and then a place still narrows it.
    assert.equal((await search('q=piza')).totalCount, 5);
    const inBerlin = await search('q=piza%20berlin');
    assert.deepEqual(inBerlin.businesses.map((business) => business.name), ['Moonlight Pizza']);
  });

  test('a location filters by city (every country with that city), "City, Country", or country', async () => {
    const paris = await search('q=pizza&location=Paris');
    assert.deepEqual(paris.businesses.map((business) => business.name).sort(), ['Pizza Napoli', 'Pizza Roma']);
    const france = await search('q=pizza&location=Paris%2C%20France');
    assert.deepEqual(france.businesses.map((business) => business.name), ['Pizza Napoli']);
    const typo = await search('q=pizza&location=Pariss');
    assert.deepEqual(typo.businesses.map((business) => business.name).sort(), ['Pizza Napoli', 'Pizza Roma']);
    // "Taipei City" for Taipei: the city without the word, when no city has the whole name.
    assert.equal((await search('q=&location=Oslo%20City')).totalCount, 46);
    const germany = await search('q=pizza&location=germany');
    assert.equal(germany.totalCount, 3);
    assert.ok(germany.businesses.every((business) => business.countryCode === 'DE'));
  });

  test('a query typed decomposed, in half-width katakana or full-width Latin finds what is stored; countries named in their own script', async () => {
    const names = async (query: string) => (await search(query)).businesses.map((business) => business.name);
    assert.deepEqual(await names(`q=${encodeURIComponent('ｶﾌｪ')}`), ['カフェ 桜']);
    assert.deepEqual(await names(`q=${encodeURIComponent('Lumière'.normalize('NFD'))}`), ['Café Lumière']);
    assert.deepEqual(await names(`q=${encodeURIComponent('Ｌｕｍｉｅｒｅ')}`), ['Café Lumière']);
    assert.deepEqual(await names(`q=${encodeURIComponent('국밥')}&location=${encodeURIComponent('대한민국')}`), ['서울 국밥']);
    assert.deepEqual(await names(`q=${encodeURIComponent('カフェ')}&location=${encodeURIComponent('日本')}`), ['カフェ 桜']);
  });

  test('a place typed as the keywords, matching no business, finds the businesses in that place and says so', async () => {
    const tokyo = await search(`q=${encodeURIComponent('東京')}`);
    assert.equal(tokyo.matchedAs, 'location');
    assert.deepEqual(tokyo.businesses.map((business) => business.name), ['カフェ 桜']);
    assert.equal(tokyo.query, '東京');
    const oslo = await search('q=oslo');
    assert.equal(oslo.matchedAs, 'location');
    assert.equal(oslo.totalCount, 46);
    const germany = await search('q=deutschland');
    assert.deepEqual([germany.matchedAs, germany.totalCount], ['location', 9]);
    // Keywords that match a business stay keywords, and name the place they also are, if any.
    const hamburg = await search('q=hamburg');
    assert.deepEqual([hamburg.matchedAs, hamburg.place, hamburg.businesses.map((business) => business.name)], ['keywords', 'Hamburg', ['Pizza Hamburg Hafen']]);
    assert.equal((await search('q=pizza')).place, null);
    assert.equal((await search('q=hamburg&lat=53.55&lng=9.99')).place, null, 'near a point the visitor has said where');
    assert.equal((await search('q=de')).place, null, 'two letters are words, not a country code');
    // Keywords that name nothing stay empty.
    assert.equal((await search('q=pizza')).matchedAs, 'keywords');
    const nothing = await search('q=qwxzv');
    assert.deepEqual([nothing.matchedAs, nothing.totalCount], ['keywords', 0]);
  });

  test('every word must match; when no business matches them all, those matching the first words, saying so', async () => {
    const both = await search('q=pizza%20roma');
    assert.deepEqual([both.matchedAs, both.totalCount, both.businesses.map((business) => business.name)], ['keywords', 1, ['Pizza Roma']]);
    const some = await search('q=pizza%20margherita%20deluxe');
    assert.deepEqual([some.matchedAs, some.query, some.totalCount], ['some-words', 'pizza margherita deluxe', 5]);
    assert.ok(some.businesses.every((business) => business.category === 'Pizza restaurant'));
    assert.equal((await search('q=zzqxv%20yyqwv')).totalCount, 0, 'no word matches: nothing');
  });

  test('keywords without a letter or digit find nothing, instead of the whole directory', async () => {
    for (const q of ['%23', '*', '%22%22', '%25', '-']) {
      const result = await search(`q=${q}`);
      assert.equal(result.totalCount, 0, q);
      assert.deepEqual(result.businesses, [], q);
    }
    assert.equal((await search('q=*&location=Oslo')).totalCount, 46, 'with a place, the place decides');
  });

  test('a category spelt two ways has one label, the one the category pages show', async () => {
    const categories = (await (await api.request('/api/categories')).json()) as Array<{ category: string; slug: string }>;
    const name = categories.find((item) => item.slug === 'cafe')!.category;
    for (const query of ['q=lune', 'q=lumiere', 'q=soleil', 'q=cafe']) {
      const facet = (await search(query)).facets.category.find((item) => item.value === 'cafe');
      assert.equal(facet?.label, name, query);
    }
  });

  test('a city named like a country in some other language is the city (Salvador, Brasília); English country names stay countries', async () => {
    const salvador = await search('q=&location=Salvador');
    assert.deepEqual(salvador.businesses.map((business) => business.name), ['Acarajé da Bahia']);
    const brasilia = await search('q=&location=Bras%C3%ADlia');
    assert.deepEqual(brasilia.businesses.map((business) => business.name), ['Churrascaria Planalto']);
    const typedAsKeywords = await search('q=Salvador');
    assert.equal(typedAsKeywords.matchedAs, 'location');
    assert.deepEqual(typedAsKeywords.businesses.map((business) => business.name), ['Acarajé da Bahia']);
    const brazil = await search('q=&location=Brazil');
    assert.equal(brazil.totalCount, 3);
    assert.deepEqual((await search('q=&location=El%20Salvador')).businesses.map((business) => business.name), ['Pupusería Central']);
  });

  test('keywords that end or begin with a place are the keywords in that place (pizza paris, hamburg pizza, pizza germany)', async () => {
    const paris = await search('q=pizza%20paris');
    assert.equal(paris.matchedAs, 'keywords-in-place');
    assert.deepEqual([paris.query, paris.location], ['pizza', 'Paris']);
    assert.deepEqual(paris.businesses.map((business) => business.name).sort(), ['Pizza Napoli', 'Pizza Roma']);
    // The word joining them is neither keyword nor place.
    const joined = await search('q=pizza%20in%20paris');
    assert.deepEqual([joined.matchedAs, joined.query, joined.location], ['keywords-in-place', 'pizza', 'Paris']);
    const hamburg = await search('q=hamburg%20pizza');
    assert.deepEqual(hamburg.businesses.map((business) => business.name), ['Pizza Hamburg Hafen']);
    assert.equal((await search('q=pizza%20germany')).totalCount, 3);
    // The same pages with a facet chosen stay in the place.
    assert.deepEqual((await search('q=pizza%20paris&city=paris')).businesses.map((business) => business.name).sort(), ['Pizza Napoli', 'Pizza Roma']);
    // A word that is also a category is a keyword (Bar is a town in Montenegro and a kind of business).
    const bar = await search('q=cocktail%20bar');
    assert.equal(bar.matchedAs, 'keywords');
    assert.deepEqual(bar.businesses.map((business) => business.name), ['Cocktail Corner']);
    // A city with its state or country after it: in that city of that country.
    for (const [q, location, names] of [
      ['gelato naples fl', 'naples, FL', ['Gulf Gelato']],
      ['pizza, Paris, TX', 'Paris, TX', ['Pizza Roma']],
      ['pizza in paris france', 'paris, france', ['Pizza Napoli']],
    ] as const) {
      const inPlace = await search(`q=${encodeURIComponent(q)}`);
      assert.deepEqual([inPlace.matchedAs, inPlace.location, inPlace.businesses.map((business) => business.name)], ['keywords-in-place', location, names], q);
    }
    // No place, or no match in it: the keywords, everywhere.
    assert.equal((await search('q=pizza%20napoli')).matchedAs, 'keywords');
    const noBakeryInParis = await search('q=bakery%20paris');
    assert.deepEqual([noBakeryInParis.matchedAs, noBakeryInParis.place, noBakeryInParis.query], ['keywords-not-in-place', 'Paris', 'bakery'], 'no bakery in Paris: the keywords everywhere, saying so');
    assert.ok(noBakeryInParis.businesses.length > 0 && noBakeryInParis.businesses.every((business) => business.city !== 'Paris'));
    assert.equal((await search('q=zzqxv%20paris')).matchedAs, 'keywords', 'nothing anywhere: no claim of matches elsewhere');
    // The same with the place in the location field: not a dead end either.
    const apart = await search('q=bakery&location=Paris');
    assert.deepEqual([apart.matchedAs, apart.place, apart.query, apart.location], ['keywords-not-in-place', 'Paris', 'bakery', '']);
    assert.deepEqual(apart.businesses.map((business) => business.name), noBakeryInParis.businesses.map((business) => business.name));
    const nowhere = await search('q=zzqxv&location=Paris');
    assert.deepEqual([nowhere.matchedAs, nowhere.totalCount], ['keywords', 0], 'nothing anywhere: no results, no claim');
    // Found in the place: as before.
    assert.deepEqual((await search('q=pizza&location=Paris%2C%20TX')).businesses.map((business) => business.name), ['Pizza Roma']);
    // A business's own name that ends with a place is that business first, wherever it is.
    const named = await search('q=hotel%20berlin');
    assert.equal(named.matchedAs, 'keywords');
    assert.equal(named.businesses[0].name, 'Hotel Berlin');
    assert.ok(named.businesses.some((business) => business.name === 'Grand Hotel'));
    assert.deepEqual((await search('q=grand%20hotel%20berlin')).businesses.map((business) => business.name)[0], 'Grand Hotel');
  });

  test('a location in the form "City, ST" with a state code that is also a country code, or a city in another language, finds the city', async () => {
    // TN is Tunisia and Tennessee: Tunisia has no Paris, so the US one (not the French one).
    assert.deepEqual((await search('q=pizza&location=Paris%2C%20TN')).businesses.map((business) => business.name), ['Pizza Roma']);
    // A state written out, as the state code: rows whose state or address says "PA" are not missed.
    const philadelphia = (await search('q=&location=Philadelphia%2C%20PA')).businesses;
    assert.ok(philadelphia.length > 0);
    assert.deepEqual((await search('q=&location=Philadelphia%2C%20Pennsylvania')).businesses, philadelphia);
    assert.deepEqual((await search('q=pizza&location=Paris%2C%20Texas')).businesses.map((business) => business.name), ['Pizza Roma']);
    // A US state after a city the United States does not have: nothing, not that city in another country
    // (VA is also the Vatican's code, GA Gabon's, FL none).
    for (const location of ['Lyon%2C%20VA', 'Munich%2C%20GA', 'Munich%2C%20Georgia', 'Lyon%2C%20FL']) assert.equal((await search(`q=&location=${location}`)).totalCount, 0, location);
    // Tokyo and Seoul stored in their own script, München as Munich: found under the other name.
    assert.deepEqual((await search('q=&location=Tokyo')).businesses.map((business) => business.name), ['カフェ 桜']);
    assert.deepEqual((await search('q=&location=Seoul')).businesses.map((business) => business.name), ['서울 국밥']);
    assert.deepEqual((await search('q=pizza&location=M%C3%BCnchen')).businesses.map((business) => business.name), ['Pizza Bavaria']);
  });

  test('a city the directory knows under two names is found under either; a name typed without its marks finds it', async () => {
    const names = async (query: string) => (await search(query)).businesses.map((business) => business.name).sort();
    for (const location of ['Belgrade', 'Beograd', '%D0%91%D0%B5%D0%BE%D0%B3%D1%80%D0%B0%D0%B4', 'Belgrade%2C%20Serbia', 'Belgrad']) {
      assert.deepEqual(await names(`q=&location=${location}`), ['Happy Paws', 'Šapica'], location);
    }
    assert.deepEqual(await names('q=pet%20groomer%20in%20belgrade'), ['Happy Paws', 'Šapica']);
    // "city" at the end of a search is no place, even where an export named a city "City".
    const city = await search('q=cafe%20city');
    assert.equal(city.matchedAs, 'some-words', 'no business matches both words: those matching "cafe", saying so');
    assert.equal(city.place, null);
    // Named only in the other language in this directory: Warsaw is Warszawa here.
    assert.deepEqual(await names('q=cafe%20in%20warsaw'), ['Kawiarnia Nowy Świat']);
    const inBelgrade = await search('q=groomer&location=Belgrade');
    // A name matched in a business name offers the city of that name, though its page has another slug.
    const named = await search('q=beograd');
    assert.deepEqual([named.businesses.map((business) => business.name), named.place], [['Hotel Beograd'], 'Belgrade']);
    // Another name of a city is that city in its country only: Napoli is not Naples, Florida.
    assert.deepEqual(await names('q=&location=Napoli'), ['Gelateria Sorrento']);
    assert.deepEqual(await names('q=&location=Naples'), ['Gelateria Sorrento', 'Gulf Gelato']);
    // One city, one facet (its page's name on a tie of spellings).
    assert.deepEqual(inBelgrade.facets.city.map(({ value, label, count }) => [value, label, count]), [['rs/belgrade', 'Belgrade', 2]]);
    for (const location of ['lodz', 'Lodz%2C%20Poland', '%C5%81%C3%B3d%C5%BA']) assert.deepEqual(await names(`q=&location=${location}`), ['Kawiarnia Piotrkowska'], location);
  });

  test('a phone number, a street or a postcode typed as the keywords finds the business', async () => {
    const names = async (query: string) => (await search(query)).businesses.map((business) => business.name);
    for (const phone of ['%2B1%20267-389-7404', '(267)%20389-7404', '2673897404', '001%20267%20389%207404']) assert.deepEqual(await names(`q=${phone}`), ['Chestnut Steaks'], phone);
    assert.deepEqual(await names('q=267-389-7405'), [], 'another number: nothing, not every business with a 1 in its name');
    const street = await search('q=1800%20Chestnut%20St');
    assert.deepEqual([street.matchedAs, street.businesses.map((business) => business.name)], ['location', ['Chestnut Steaks']]);
    assert.deepEqual(await names('q=19103'), ['Chestnut Steaks']);
    // A house number no name has: the address, though a name holds the street's name.
    const numbered = await search('q=1800%20Chestnut%20St');
    assert.deepEqual([numbered.matchedAs, numbered.businesses.map((business) => business.name)], ['location', ['Chestnut Steaks']]);
    assert.deepEqual((await names('q=chestnut')).sort(), ['Chestnut Grill', 'Chestnut Steaks'], 'without a number or a street word, names as before');
    // A street typed as the keywords: the businesses on it too, though a name holds the street's name.
    assert.deepEqual((await names('q=bahnhofstrasse')).sort(), ['Confiserie am See', 'Schuhhaus Bahnhofstrasse']);
    const onChestnut = await names('q=chestnut%20st');
    assert.deepEqual(onChestnut.slice(0, 2).sort(), ['Chestnut Steaks', 'Rittenhouse Books'], 'on Chestnut St first');
    assert.deepEqual((await names('q=books%20chestnut%20st')), ['Rittenhouse Books']);
    // Words and a postcode: those words there.
    const inPostcode = await search('q=cheesesteak%2019103');
    assert.deepEqual([inPostcode.matchedAs, inPostcode.location, inPostcode.businesses.map((business) => business.name)], ['keywords-in-place', '19103', ['Chestnut Steaks']]);
  });

  test('emoji and control characters are no search words; a word after a minus is excluded, and the place it names', async () => {
    const pizza = await search('q=pizza');
    assert.equal((await search('q=%F0%9F%8D%95%20pizza')).totalCount, pizza.totalCount);
    assert.equal((await search('q=pizza%00')).totalCount, pizza.totalCount);
    assert.equal((await search('q=%F0%9F%8D%95')).totalCount, 0);
    const notParis = await search('q=pizza%20-paris');
    assert.equal(notParis.matchedAs, 'keywords');
    assert.ok(notParis.businesses.some((business) => business.city !== 'Paris'), 'not a search in Paris');
    // The place is excluded, not only the word in names: Pizza Napoli and Pizza Roma are in a Paris.
    assert.ok(notParis.businesses.every((business) => business.city !== 'Paris'), 'no business in Paris');
    assert.equal(notParis.totalCount, pizza.totalCount - 2);
    assert.ok((await search('q=pizza%20-germany')).businesses.every((business) => business.countryCode !== 'DE'));
    assert.deepEqual((await search('q=groomer%20-beograd')).businesses, [], 'a city under another of its names');
    // "-bar" is a category here as well as a city (Bar, Montenegro): it excludes bars, not the city.
    assert.ok((await search('q=gelato%20-bar')).businesses.some((business) => business.name === 'Gelateria Adriatic'));
    assert.equal((await search('q=-paris')).place, null, 'no offer to show the place a minus excludes');
  });

  test('a location that is not a known place matches the address or state', async () => {
    const texas = await search('q=pizza&location=Texas');
    assert.deepEqual(texas.businesses.map((business) => business.name), ['Pizza Roma']);
    // Alone, such words match where a business is, never what it is called or sells.
    assert.deepEqual((await search('q=&location=Texas')).businesses.map((business) => business.name), ['Pizza Roma']);
    assert.equal((await search('q=&location=Espresso')).totalCount, 0, 'no business is in a place called Espresso');
  });

  test('with lat/lng the nearest results come first, with their distance', async () => {
    const near = await search('q=pizza&location=germany&lat=53.5&lng=10');
    assert.deepEqual(near.businesses.map((business) => business.name), ['Pizza Hamburg Hafen', 'Moonlight Pizza', 'Pizza Bavaria']);
    const distances = near.businesses.map((business) => business.distanceMeters!);
    assert.ok(distances.every((distance, index) => index === 0 || distance >= distances[index - 1]));
    assert.ok(distances[0] < 10_000);
  });

  test('with lat/lng a nearer match just outside the first block of cells still comes first', async () => {
    assert.ok(distanceMeters(fjordPoint, fjordNear) < distanceMeters(fjordPoint, fjordFar), 'the fixture: the place outside the block is the nearer');
    assert.ok(inFirstBlock(fjordFar.lat, fjordFar.lng) && !inFirstBlock(fjordNear.lat, fjordNear.lng), 'the fixture: one inside, one outside');
    for (const limit of [1, 2]) {
      const result = await search(`q=fjord&lat=${fjordPoint.lat}&lng=${fjordPoint.lng}&limit=${limit}`);
      assert.deepEqual(result.businesses.map((business) => business.name), ['Fjord Fish Near', 'Fjord Fish Far'].slice(0, limit));
    }
  });

  test('with lat/lng every page continues the nearest-first order, places without coordinates last', async () => {
    const names: string[] = [];
    for (let page = 1; page <= 5; page++) {
      const result = await search(`q=espresso&lat=59.9&lng=10.75&limit=10&page=${page}`);
      assert.equal(result.totalCount, 46);
      names.push(...result.businesses.map((business) => business.name));
      if (page === 1) assert.ok(result.businesses[0].distanceMeters! > 40 && result.businesses[0].distanceMeters! < 70, String(result.businesses[0].distanceMeters));
    }
    assert.deepEqual(names, [...Array.from({ length: 45 }, (_, i) => `Espresso Stop ${i + 1}`), 'Espresso Nowhere']);
    const last = await search('q=espresso&lat=59.9&lng=10.75&limit=10&page=5');
    assert.equal(last.businesses.at(-1)!.distanceMeters, null);
  });

  test('facet counts of category and city describe the result set', async () => {
    const result = await search('q=pizza');
    assert.deepEqual(result.facets.category, [{ value: 'pizza-restaurant', label: 'Pizza restaurant', count: 5 }]);
    // A city per country: Paris, France and Paris, Texas are two chips, which say their country.
    assert.deepEqual(result.facets.city, [
      { value: 'de/berlin', label: 'Berlin', count: 1 },
      { value: 'de/hamburg', label: 'Hamburg', count: 1 },
      { value: 'de/munich', label: 'Munich', count: 1 },
      { value: 'fr/paris', label: 'Paris, France', count: 1 },
      { value: 'us/paris', label: 'Paris, United States', count: 1 },
    ]);
  });

  test('city chips are one city of one country, each named as its own page names it', async () => {
    const chips = async (query: string) => (await search(query)).facets.city.map(({ value, label, count }) => [value, label, count]);
    assert.deepEqual(await chips('q=&location=Paris'), [['fr/paris', 'Paris, France', 2], ['us/paris', 'Paris, United States', 1]]);
    // Naples, Florida is not named by Italy's page (Napoli, as its businesses spell it), nor counted with it.
    assert.deepEqual(await chips('q=gelato&location=Naples'), [['it/naples', 'Napoli', 1], ['us/naples', 'Naples', 1]]);
    assert.deepEqual(await chips('q=&location=Naples%2C%20FL'), [['us/naples', 'Naples', 1]]);
    // Businesses without a country are a chip of their own, named as they spell the city (not by its slug),
    // and saying why it is apart; two chips of one name say their countries.
    // (First with one hit a page, Šapica: the chip is named without a hit of its own on the page.)
    assert.deepEqual(await chips('q=groomer&limit=1'), [['rs/belgrade', 'Belgrade', 2], ['/beograd', 'Beograd (no country)', 1]]);
    assert.deepEqual(await chips('q=groomer'), [['rs/belgrade', 'Belgrade', 2], ['/beograd', 'Beograd (no country)', 1]]);
    assert.deepEqual(await chips('q=pizza'), [['de/berlin', 'Berlin', 1], ['de/hamburg', 'Hamburg', 1], ['de/munich', 'Munich', 1], ['fr/paris', 'Paris, France', 1], ['us/paris', 'Paris, United States', 1]]);
    // A chip narrows to its own country's city; a bare slug (an older link) to the city in every country.
    const names = async (query: string) => (await search(query)).businesses.map((business) => business.name).sort();
    assert.deepEqual(await names('q=&location=Paris&city=fr%2Fparis'), ['Pizza Napoli', 'Tyre Service']);
    assert.deepEqual(await names('q=pizza&city=US%2Fparis'), ['Pizza Roma']);
    assert.deepEqual(await names('q=pizza&city=paris'), ['Pizza Napoli', 'Pizza Roma']);
    assert.deepEqual(await names('q=pizza&city=xx%2Fparis'), []);
  });

  test('a search over the whole directory (no keywords, no place; near a point or not) has facet counts too', async () => {
    for (const query of ['q=', 'q=&lat=59.9&lng=10.75']) {
      const all = await search(query);
      assert.deepEqual(all.facets.category[0], { value: 'coffee-shop', label: 'Coffee shop', count: 46 }, query);
      assert.deepEqual(all.facets.city[0], { value: 'no/oslo', label: 'Oslo', count: 46 }, query);
      assert.equal(all.facets.city.find((city) => city.value === 'fr/paris')?.count, 2, 'Paris, France alone');
    }
  });

  test('choosing a category or city facet narrows the results to it', async () => {
    const inParis = await search('q=pizza&city=paris');
    assert.deepEqual(inParis.businesses.map((business) => business.name).sort(), ['Pizza Napoli', 'Pizza Roma']);
    assert.deepEqual(inParis.facets.city.map((city) => city.value), ['fr/paris', 'us/paris']);
    const parisShops = await search('q=&location=Paris%2C%20France&category=tire-shop');
    assert.deepEqual(parisShops.businesses.map((business) => business.name), ['Tyre Service']);
    const none = await search('q=pizza&category=bakery');
    assert.equal(none.totalCount, 0);
  });

  test('paging fields follow the list shape', async () => {
    const result = await search('q=pizza&limit=2&page=2');
    assert.equal(result.businesses.length, 2);
    assert.deepEqual([result.currentPage, result.totalPages, result.totalCount, result.hasNextPage, result.hasPrevPage], [2, 3, 5, true, true]);
  });

  test('lat without lng, a bad lat and an over-long q are 400s that state the rule', async () => {
    for (const [query, message] of [
      ['q=pizza&lat=10', 'lat and lng must be given together'],
      ['q=pizza&lat=abc&lng=1', 'lat must be a number from -90 to 90'],
      [`q=${'a'.repeat(201)}`, 'q must be at most 200 characters'],
      ['q=pizza&page=abc', 'page must be an integer from 1 to 1000'],
    ]) {
      const response = await api.request(`/api/search?${query}`);
      assert.equal(response.status, 400, query);
      assert.equal(ErrorBody.parse(await response.json()).message, message, query);
    }
  });

  // Last two: they add businesses.
  test('a search over more than 500 cities still shows its biggest cities as chips, with exact counts', async () => {
    // Facet values come back alphabetically, 500 at most: 510 small towns sort before the three
    // Z-cities that hold most of the matches, so the first 500 alone would miss them.
    const widget = (name: string, city: string) => buildBusiness({ name, city, countryCode: 'AT', country: 'Austria', category: 'Widget store', type: 'Widget store', subtypes: ['Widget store'] });
    const rows = [
      ...Array.from({ length: 510 }, (_, i) => widget(`Widget Corner ${i}`, `Aachen ${String(i).padStart(3, '0')}`)),
      ...Array.from({ length: 12 }, (_, i) => widget(`Widget Zurich ${i}`, 'Zurich')),
      ...Array.from({ length: 11 }, (_, i) => widget(`Widget Zagreb ${i}`, 'Zagreb')),
      ...Array.from({ length: 10 }, (_, i) => widget(`Widget Zaragoza ${i}`, 'Zaragoza')),
    ];
    await withTransaction(api.pool, (client) => writeBusinessBatch(client, rows, { mode: 'upsert', source: 'test' }));
    await reindexDirectory({ config: api.config, pool: api.pool });
    await sleep(1600); // the data version is re-read in the background every second
    const result = await search('q=widget');
    assert.equal(result.totalCount, 543);
    assert.deepEqual(result.facets.city.slice(0, 3), [
      { value: 'at/zurich', label: 'Zurich', count: 12 },
      { value: 'at/zagreb', label: 'Zagreb', count: 11 },
      { value: 'at/zaragoza', label: 'Zaragoza', count: 10 },
    ]);
    assert.equal(result.facets.city.length, 10);
    assert.deepEqual(result.facets.category, [{ value: 'widget-store', label: 'Widget store', count: 543 }]);
  });

  test('pages and points of one search share its facet counts, and the next publish renews them', async () => {
    const first = await search('q=pizza&limit=2&page=1');
    const second = await search('q=pizza&limit=2&page=2');
    const near = await search('q=pizza&lat=48.86&lng=2.35&limit=2');
    assert.deepEqual(second.facets, first.facets);
    assert.deepEqual(near.facets, first.facets);
    assert.equal(near.businesses[0].name, 'Pizza Napoli');

    await withTransaction(api.pool, (client) =>
      writeBusinessBatch(client, [pizza('Pizza Montmartre', 'Paris', 'FR', 48.886, 2.343, { country: 'France' })], { mode: 'upsert', source: 'test' }),
    );
    await reindexDirectory({ config: api.config, pool: api.pool });
    await sleep(1600); // the data version is re-read in the background every second
    for (const query of ['q=pizza&limit=2&page=2', 'q=pizza&lat=48.86&lng=2.35&limit=2&page=3']) {
      const after = await search(query);
      assert.equal(after.totalCount, 6, query);
      assert.deepEqual(after.facets.city[0], { value: 'fr/paris', label: 'Paris, France', count: 2 }, query);
      assert.equal(after.facets.category[0].count, 6, query);
    }
  });

  test("a city chip's name follows the data: most of the city's businesses spell it that way now", async () => {
    const chip = async () => (await search('q=groomer&location=Belgrade&lat=44.8&lng=20.46')).facets.city.map(({ label, count }) => [label, count]);
    assert.deepEqual(await chip(), [['Belgrade', 2]]);
    const groomer = (name: string) => buildBusiness({ name, city: 'Beograd', countryCode: 'RS', country: 'Serbia', category: 'Pet groomer', type: 'Pet groomer' });
    await withTransaction(api.pool, (client) => writeBusinessBatch(client, [groomer('Pas i Mačka'), groomer('Kuca Ljubimaca')], { mode: 'upsert', source: 'test' }));
    await reindexDirectory({ config: api.config, pool: api.pool });
    await sleep(1600); // the data version is re-read in the background every second
    assert.deepEqual(await chip(), [['Beograd', 4]]);
    // A typo of another of its names still finds it (the city's page is named Beograd now).
    assert.equal((await search('q=&location=Belgarde')).totalCount, 4);
  });
});

describe('GET /api/search on a directory with no businesses yet', () => {
  let api: Api;

  beforeAll(async () => {
    api = await startTestApi({ withAdmin: false });
    // A new deployment: the indexes exist and hold nothing (Meilisearch knows no attribute of them yet).
    await seedDirectory({ config: api.config, pool: api.pool, rows: [] });
  });
  afterAll(async () => {
    await api?.close();
  });

  test('keywords, a location, a phone number and a point all answer 200 with nothing found, not a 500', async () => {
    for (const query of ['q=pizza', 'q=pizza&location=Berlin', 'q=Berlin', 'q=%2B1%20267-389-7404', 'q=coffee&lat=52.52&lng=13.405', 'q=pizza%20-philadelphia']) {
      const response = await api.request(`/api/search?${query}`);
      assert.equal(response.status, 200, `${query}: ${await response.clone().text()}`);
      const body = SearchResult.parse(await response.json());
      assert.equal(body.totalCount, 0, query);
      assert.deepEqual(body.businesses, [], query);
    }
  });
});
