import assert from 'node:assert/strict';
import { describe, test } from 'vitest';
import { mapColumns } from './columns.ts';
import { normaliseRow, parseCount, parseDecimal, readCoordinates, readCountryCode, readLink, readName, readPhone, readRating, readReviewCount } from './normalise-row.ts';
import { readWorkingHoursCell } from './working-hours.ts';
import { readAboutCell } from './about.ts';
import { JsonText, type BusinessRow } from '../../../../common/business.ts';

function normalise(cells: Record<string, string>) {
  const mapping = mapColumns(Object.keys(cells));
  return normaliseRow(mapping.map(Object.values(cells)));
}

function acceptedAsIs(cells: Record<string, string>): BusinessRow {
  const result = normalise(cells);
  assert.equal(result.ok, true, result.ok ? '' : result.reason);
  return (result as { ok: true; row: BusinessRow }).row;
}

/** A cell's value, whichever path it took (JSON kept as text is parsed here). */
const valueOf = <T>(value: T | JsonText): T => (value instanceof JsonText ? (value.parse() as T) : value);
const parseWorkingHours = (text: string) => valueOf(readWorkingHoursCell(text));
const parseAbout = (text: string) => valueOf(readAboutCell(text));

/** The accepted row with JSON kept as text parsed, so tests compare values whichever path a cell took. */
function accepted(cells: Record<string, string>) {
  const row = acceptedAsIs(cells);
  return { ...row, workingHours: valueOf(row.workingHours), about: valueOf(row.about) };
}

function rejected(cells: Record<string, string>): string {
  const result = normalise(cells);
  assert.equal(result.ok, false, 'row should be rejected');
  return (result as { ok: false; reason: string }).reason;
}

describe('row normalisation', () => {
  test('ratings: "4,5" and "4.5" are 4.5, one decimal, 0-5 only, empty is null', () => {
    assert.equal(accepted({ name: 'A', rating: '4,5' }).rating, 4.5);
    assert.equal(accepted({ name: 'A', rating: '4.5' }).rating, 4.5);
    assert.equal(accepted({ name: 'A', rating: '4.400000' }).rating, 4.4);
    assert.equal(accepted({ name: 'A', rating: '4.66' }).rating, 4.7);
    assert.equal(accepted({ name: 'A', rating: '5' }).rating, 5);
    assert.equal(accepted({ name: 'A', rating: '' }).rating, null);
    assert.match(rejected({ name: 'A', rating: '7' }), /rating 7 is outside 0-5/);
    assert.match(rejected({ name: 'A', rating: '-1' }), /outside 0-5/);
    assert.match(rejected({ name: 'A', rating: 'good' }), /rating "good" is not a number/);
    // Every reason a row is refused, not the first alone.
    assert.equal(rejected({ name: 'A', rating: '6.5', reviews: '-3', country_code: 'USA1' }), 'rating 6.5 is outside 0-5; review count "-3" is not a whole number');
  });

  test('numbers written in other scripts\' digits and separators are read', () => {
    for (const rating of ['٤٫٥', '۴٫۵', '४.२', '৪.২', '๔.๕', '４．５', '4,5']) {
      const value = accepted({ name: 'A', rating }).rating;
      assert.ok(value === 4.5 || value === 4.2, `${rating}: ${value}`);
    }
    assert.equal(accepted({ name: 'A', rating: '४.२' }).rating, 4.2);
    assert.equal(accepted({ name: 'A', reviews: '١٬٢٣٤' }).reviewCount, 1234);
    assert.equal(accepted({ name: 'A', reviews: '１２３' }).reviewCount, 123);
    const point = accepted({ name: 'A', latitude: '٣٥٫٦٨', longitude: '−٧٩٫٤' });
    assert.deepEqual([point.latitude, point.longitude], [35.68, -79.4]);
    assert.equal(accepted({ name: 'A', rating: '𝟒.𝟓' }).rating, 4.5, 'mathematical digits, five sets of ten in one run');
    assert.match(rejected({ name: 'A', rating: '٤x' }), /is not a number/);
  });

  test('review counts: "1,234", "1.234", "56.0", empty -> 0; text is rejected', () => {
    assert.equal(accepted({ name: 'A', reviews: '1,234' }).reviewCount, 1234);
    assert.equal(accepted({ name: 'A', review_count: '1.234' }).reviewCount, 1234);
    assert.equal(accepted({ name: 'A', reviewCount: '56.0' }).reviewCount, 56);
    assert.equal(accepted({ name: 'A', reviews: '12 345' }).reviewCount, 12345);
    assert.equal(accepted({ name: 'A', reviews: '' }).reviewCount, 0);
    assert.match(rejected({ name: 'A', reviews: 'many' }), /review count "many"/);
    assert.equal(parseCount('2.5'), null);
    assert.equal(parseDecimal('1e3'), 1000);
  });

  test('coordinates: in range kept; out of range, single, or placeholder points drop both', () => {
    const ok = accepted({ name: 'A', latitude: '47.367293499999995', longitude: '8.5' });
    assert.deepEqual([ok.latitude, ok.longitude], [47.367293499999995, 8.5]);
    const comma = accepted({ name: 'A', lat: '47,5', lng: '8,25' });
    assert.deepEqual([comma.latitude, comma.longitude], [47.5, 8.25]);
    for (const [lat, lng] of [['91', '8'], ['45', '181'], ['45', ''], ['', '8'], ['46.423669', '-129.9427086'], ['0', '0'], ['0.0', '-0'], ['x', '1']]) {
      const row = accepted({ name: 'A', latitude: lat, longitude: lng });
      assert.deepEqual([row.latitude, row.longitude], [null, null], `${lat},${lng}`);
    }
  });

  test('country code: upper-cased, derived from the country name when missing, dropped when unknown', () => {
    assert.equal(accepted({ name: 'A', country_code: 'ch' }).countryCode, 'CH');
    assert.equal(accepted({ name: 'A', countryCode: 'us' }).countryCode, 'US');
    assert.equal(accepted({ name: 'A', country: 'United States of America' }).countryCode, 'US');
    assert.equal(accepted({ name: 'A', country: 'Switzerland', country_code: '' }).countryCode, 'CH');
    assert.equal(accepted({ name: 'A', country_code: 'XX' }).countryCode, null);
    const derived = accepted({ name: 'A', country_code: 'PH' });
    assert.equal(derived.country, 'Philippines');
  });

  test('a US state code with a ZIP code is the United States; either alone is not', () => {
    assert.equal(accepted({ name: 'A', state: 'UT', zip: '84770' }).countryCode, 'US');
    assert.equal(accepted({ name: 'A', state: 'ca', postal_code: '94105-1234' }).countryCode, 'US');
    assert.equal(accepted({ name: 'A', state: 'Pennsylvania', postal_code: '19103' }).countryCode, 'US', 'a state written out');
    assert.equal(accepted({ name: 'A', state: 'New  York', postal_code: '10001' }).countryCode, 'US');
    assert.equal(accepted({ name: 'A', state: 'Bavaria', postal_code: '80331' }).countryCode, null);
    assert.equal(accepted({ name: 'A', state: 'UT' }).countryCode, null);
    assert.equal(accepted({ name: 'A', postal_code: '84770' }).countryCode, null);
    assert.equal(accepted({ name: 'A', state: 'ON', postal_code: 'M5V 2T6' }).countryCode, null, 'Ontario: no guess');
    assert.equal(accepted({ name: 'A', state: 'UT', zip: '84770', country: 'Canada' }).countryCode, 'CA', 'the row\'s own country wins');
  });

  test('country names written in their own language or script find their code', () => {
    const names: Record<string, string> = {
      '대한민국': 'KR', 'भारत': 'IN', 'ประเทศไทย': 'TH', 'مصر': 'EG', 'Россия': 'RU', 'ישראל': 'IL', 'Україна': 'UA',
      'المملكة العربية السعودية': 'SA', '日本': 'JP', '中国': 'CN', '香港': 'HK', 'Deutschland': 'DE', 'Brasil': 'BR',
      'México': 'MX', 'Polska': 'PL', 'Türkiye': 'TR', 'Việt Nam': 'VN', 'Ελλάδα': 'GR', 'Österreich': 'AT', 'Magyarország': 'HU',
      'Қазақстан': 'KZ', 'Georgia': 'GE', 'Niger': 'NE', 'Nigeria': 'NG', '日本国': 'JP',
      // ISO 3166's own short names.
      'Korea, Republic of': 'KR', "Korea, Democratic People's Republic of": 'KP', 'Iran, Islamic Republic of': 'IR',
      'Netherlands (the)': 'NL', 'Falkland Islands (Malvinas)': 'FK', 'Virgin Islands, British': 'VG',
    };
    for (const [country, code] of Object.entries(names)) {
      const row = accepted({ name: 'A', country });
      assert.equal(row.countryCode, code, country);
      assert.equal(row.country, country, 'the name is kept as written');
    }
    assert.equal(accepted({ name: 'A', country: 'Atlantis' }).countryCode, null);
  });

  test('postal codes: "90744.0" -> "90744", "None" -> null, leading zeros kept', () => {
    assert.equal(accepted({ name: 'A', postal_code: '90744.0' }).postalCode, '90744');
    assert.equal(accepted({ name: 'A', postal_code: 'None' }).postalCode, null);
    assert.equal(accepted({ name: 'A', zip: '07652' }).postalCode, '07652');
  });

  test('verified: true/false/1/0/TRUE', () => {
    for (const value of ['true', 'True', 'TRUE', '1', 'yes']) assert.equal(accepted({ name: 'A', verified: value }).verified, true, value);
    for (const value of ['false', 'False', '0', '', 'None']) assert.equal(accepted({ name: 'A', verified: value }).verified, false, value);
  });

  test('business status: Google\'s three values in any spelling; anything else is not known', () => {
    const statusOf = (cells: Record<string, string>) => accepted({ name: 'A', ...cells }).businessStatus;
    assert.equal(statusOf({ business_status: 'CLOSED_PERMANENTLY' }), 'CLOSED_PERMANENTLY');
    assert.equal(statusOf({ business_status: 'Permanently closed' }), 'CLOSED_PERMANENTLY');
    assert.equal(statusOf({ 'Business Status': 'closed temporarily' }), 'CLOSED_TEMPORARILY');
    assert.equal(statusOf({ status: 'Temporarily-Closed' }), 'CLOSED_TEMPORARILY');
    assert.equal(statusOf({ business_status: 'OPERATIONAL' }), 'OPERATIONAL');
    for (const value of ['', 'None', 'Closed', 'Active', 'call first']) assert.equal(statusOf({ business_status: value }), null, value);
    assert.equal(statusOf({}), null);
  });

  test('name is required; literal N/A, None and blanks are no name (quoted as written); invisible marks are removed', () => {
    assert.match(rejected({ name: '' }), /name is missing/);
    assert.match(rejected({ name: '   ' }), /name is missing/);
    assert.match(rejected({ name: 'N/A' }), /name is "N\/A", which stands for no name/);
    assert.match(rejected({ name: 'None' }), /name is "None", which stands for no name/);
    assert.match(rejected({ name: 'null' }), /name is "null", which stands for no name/);
    assert.equal(accepted({ name: '\u200eCafé  Zürich ' }).name, 'Café Zürich');
    assert.equal(accepted({ title: 'From title' }).name, 'From title');
  });

  test('text is stored in NFC; the joiners that spell Persian, Indic and emoji sequences are kept', () => {
    const decomposed = 'Cafe\u0301 Pho\u031b\u0309';
    const row = accepted({ name: decomposed, city: 'Ha\u0300 No\u0323\u0302i', category: 'ベ'.normalize('NFD') });
    assert.equal(row.name, 'Café Phở');
    assert.equal(row.city, 'Hà Nội');
    assert.equal(row.category, 'ベ');
    assert.equal(accepted({ name: 'Family 👨\u200d👩\u200d👧 Diner' }).name, 'Family 👨\u200d👩\u200d👧 Diner');
    assert.equal(accepted({ name: 'می\u200cخانه' }).name, 'می\u200cخانه', 'the Persian non-joiner stays');
    assert.equal(accepted({ name: 'A\u200bB\u202eC' }).name, 'ABC', 'zero-width space and bidi overrides go');
  });

  test('full-width Latin and half-width katakana are stored in their usual width; other compatibility forms stay', () => {
    const row = accepted({ name: 'Ｔｏｋｙｏ\u3000Ｃａｆｅ', category: 'ｶﾌｪ', type: 'ﾊﾟﾝ屋', full_address: '東京都千代田区１－２－３' });
    assert.equal(row.name, 'Tokyo Cafe');
    assert.equal(row.type, 'パン屋');
    assert.equal(row.category, 'パン屋', 'the type is the category');
    assert.equal(accepted({ name: 'A', category: 'ｶﾌｪ' }).category, 'カフェ');
    assert.equal(row.fullAddress, '東京都千代田区1-2-3');
    assert.equal(accepted({ name: 'Acme™ ½ Price ①' }).name, 'Acme™ ½ Price ①');
  });

  test("category: Google's type first (the type column, else the first subtype; an export's category column is often the search or a local name), then the category column", () => {
    assert.equal(accepted({ name: 'A', category: 'restaurants', type: 'Italian restaurant' }).category, 'Italian restaurant');
    assert.equal(accepted({ name: 'A', category: 'Schweizerisches Restaurant', type: 'Swiss restaurant' }).category, 'Swiss restaurant');
    assert.equal(accepted({ name: 'A', category: 'Bakery', type: '' }).category, 'Bakery', 'no type in this row: the category column');
    assert.equal(accepted({ name: 'A', category: 'Bakery' }).category, 'Bakery', 'no type column');
    assert.equal(accepted({ name: 'A', category: '', subtypes: 'Gym, Yoga studio' }).category, 'Gym');
    // No type column: the first subtype is Google's type, before the search words or a local name.
    assert.equal(accepted({ name: 'A', category: 'restaurants', subtypes: 'Seafood restaurant, Bar' }).category, 'Seafood restaurant');
    assert.equal(accepted({ name: 'A', category: 'Ветеринар', subtypes: 'Veterinarian' }).category, 'Veterinarian');
  });

  test('subtypes split on commas, de-duplicated; type falls back to the first subtype', () => {
    const row = accepted({ name: 'A', subtypes: 'Pet store, Pet supply store, pet store' });
    assert.deepEqual(row.subtypes, ['Pet store', 'Pet supply store']);
    assert.equal(row.type, 'Pet store');
    assert.equal(row.category, 'Pet store');
    assert.deepEqual(accepted({ name: 'A', subtypes: '["Cafe","Bakery"]' }).subtypes, ['Cafe', 'Bakery']);
  });

  test('links: http(s) kept, bare domains get a scheme, javascript: and junk dropped', () => {
    assert.equal(accepted({ name: 'A', site: 'https://x.ch/' }).website, 'https://x.ch/');
    assert.equal(accepted({ name: 'A', website: 'www.example.com' }).website, 'http://www.example.com');
    assert.equal(accepted({ name: 'A', website: 'javascript:alert(1)' }).website, null);
    assert.equal(accepted({ name: 'A', photo: 'data:image/png;base64,xx' }).photo, null);
  });

  test('CSV cells are data: a formula-looking value is stored as text, never evaluated', () => {
    const row = accepted({ name: '=HYPERLINK("http://evil","x")', phone: '+41 44 000', city: '@SUM(1)' });
    assert.equal(row.name, '=HYPERLINK("http://evil","x")');
    assert.equal(row.city, '@SUM(1)');
  });
});

describe('working hours', () => {
  test('Outscraper JSON day -> string, with unusual spaces and dashes cleaned', () => {
    assert.deepEqual(parseWorkingHours('{"Monday": "11AM-10PM", "Sunday": "Closed", "Tuesday": "3\u20136\u202fPM"}'), {
      Monday: '11AM-10PM', Tuesday: '3-6 PM', Sunday: 'Closed',
    });
  });
  test('2026 JSON day -> list; partial weeks stay partial', () => {
    assert.deepEqual(parseWorkingHours('{"Friday": ["6am-11:30pm"]}'), { Friday: '6am-11:30pm' });
    assert.deepEqual(parseWorkingHours('{"Monday": ["5-11am", "4:30-10:30pm"]}'), { Monday: '5-11am,4:30-10:30pm' });
  });
  test('"Monday: 9AM-5PM | Tuesday: ..." text, the old format and the csv-compatible format', () => {
    assert.deepEqual(parseWorkingHours('Monday: 9AM-5PM | Tuesday: 10AM-6PM'), { Monday: '9AM-5PM', Tuesday: '10AM-6PM' });
    assert.deepEqual(parseWorkingHours('Monday:4-8PM|Sunday:Closed'), { Monday: '4-8PM', Sunday: 'Closed' });
    assert.deepEqual(parseWorkingHours('Monday,8AM,5PM|Sunday,'), { Monday: '8AM-5PM', Sunday: 'Closed' });
  });
  test('OpenStreetMap opening_hours', () => {
    assert.deepEqual(parseWorkingHours('Mo-Fr 08:00-12:00, 14:00-21:00; Sa-Su 08:00-21:00'), {
      Monday: '8AM-12PM,2PM-9PM', Tuesday: '8AM-12PM,2PM-9PM', Wednesday: '8AM-12PM,2PM-9PM', Thursday: '8AM-12PM,2PM-9PM',
      Friday: '8AM-12PM,2PM-9PM', Saturday: '8AM-9PM', Sunday: '8AM-9PM',
    });
    assert.equal(parseWorkingHours('24/7')!.Wednesday, 'Open 24 hours');
    // A day no rule names is closed in OpenStreetMap.
    assert.deepEqual(parseWorkingHours('Mo 10:00-18:00; Su off'), {
      Monday: '10AM-6PM', Tuesday: 'Closed', Wednesday: 'Closed', Thursday: 'Closed', Friday: 'Closed', Saturday: 'Closed', Sunday: 'Closed',
    });
    // A comma between rules when a weekday follows (OSM allows it); between days or between times it is not one.
    assert.deepEqual(parseWorkingHours('We-Mo 11:30-22:30, Tu closed'), {
      Monday: '11:30AM-10:30PM', Tuesday: 'Closed', Wednesday: '11:30AM-10:30PM', Thursday: '11:30AM-10:30PM', Friday: '11:30AM-10:30PM', Saturday: '11:30AM-10:30PM', Sunday: '11:30AM-10:30PM',
    });
    assert.deepEqual(parseWorkingHours('Mo-Fr 08:00-18:00, Sa 10:00-17:00'), {
      Monday: '8AM-6PM', Tuesday: '8AM-6PM', Wednesday: '8AM-6PM', Thursday: '8AM-6PM', Friday: '8AM-6PM', Saturday: '10AM-5PM', Sunday: 'Closed',
    });
    assert.deepEqual(parseWorkingHours('Mo,We 09:00-12:00'), { Monday: '9AM-12PM', Tuesday: 'Closed', Wednesday: '9AM-12PM', Thursday: 'Closed', Friday: 'Closed', Saturday: 'Closed', Sunday: 'Closed' });
  });
  test('unknown text and {} are null', () => {
    assert.equal(parseWorkingHours('call us'), null);
    assert.equal(parseWorkingHours('{}'), null);
  });
});

describe('about', () => {
  test('JSON groups keep true/false/text and drop nulls; {} is missing', () => {
    assert.deepEqual(parseAbout('{"Service options": {"Delivery": true, "Dine-in": false, "X": null}, "Planning": {"Check-in time": "3:00\u202fPM"}}'), {
      'Service options': { Delivery: true, 'Dine-in': false }, Planning: { 'Check-in time': '3:00 PM' },
    });
    assert.equal(parseAbout('{}'), null);
  });
  test('gosom lists of options become groups', () => {
    assert.deepEqual(parseAbout('[{"id":"x","name":"Accessibility","options":[{"name":"Ramp","enabled":true},{"name":"Ramp","enabled":false}]}]'), {
      Accessibility: { Ramp: false },
    });
  });
  test('plain text stays text', () => {
    assert.equal(parseAbout('Family-run bakery since 1950.'), 'Family-run bakery since 1950.');
  });
});

describe('JSON cells used as parsed', () => {
  test('a clean hours or about cell is kept as its checked text for the writer; a cell needing cleaning is parsed', () => {
    const hours = ' {"Monday":"9AM-5PM","Sunday":"Closed"} ';
    const about = '{"Service options":{"Dine-in":true,"Takeout":false,"Wi-Fi":"Free"}}';
    const clean = acceptedAsIs({ name: 'A', working_hours: hours, about });
    assert.ok(clean.workingHours instanceof JsonText && clean.about instanceof JsonText);
    assert.equal(clean.workingHours.json, hours.trim());
    assert.equal(clean.about.json, about);

    // Days out of order, odd spaces, lower-case days, a padded value or a null feature: parsed and cleaned.
    for (const [cells, field] of [
      [{ name: 'A', working_hours: '{"Sunday":"Closed","Monday":"9AM-5PM"}' }, 'workingHours'],
      [{ name: 'A', working_hours: '{"Monday":"9\\u202fAM-5PM"}' }, 'workingHours'],
      [{ name: 'A', working_hours: '{"monday":"9AM-5PM"}' }, 'workingHours'],
      [{ name: 'A', about: '{"g":{"x":" padded "}}' }, 'about'],
      [{ name: 'A', about: '{"g":{"x":true,"y":null}}' }, 'about'],
    ] as const) {
      const row = acceptedAsIs(cells);
      assert.ok(row[field] !== null && !(row[field] instanceof JsonText), JSON.stringify(cells));
    }
  });
});

describe('header mapping', () => {
  test('case-, space-, underscore- and dot-insensitive aliases; 23-column report', () => {
    const mapping = mapColumns(['Name', 'Full Address', 'reviewCount', 'Country.Code', 'PLACE_ID', 'open_hours', 'image', 'site', 'email_1_title']);
    assert.equal(mapping.sources.fullAddress?.[0], 'Full Address');
    assert.equal(mapping.sources.reviews?.[0], 'reviewCount');
    assert.equal(mapping.sources.countryCode?.[0], 'Country.Code');
    assert.equal(mapping.sources.placeId?.[0], 'PLACE_ID');
    assert.equal(mapping.sources.workingHours?.[0], 'open_hours');
    assert.equal(mapping.sources.photo?.[0], 'image');
    assert.equal(mapping.sources.website?.[0], 'site');
    assert.equal(mapping.columnExtraction.extractedCount, 7);
    assert.equal(mapping.columnExtraction.successful.length + mapping.columnExtraction.missing.length, 23);
    assert.ok(mapping.columnExtraction.missing.includes('city'));
  });
  test('a file without any name column is refused with a message naming what is missing', () => {
    assert.throws(() => mapColumns(['address', 'phone']), /no business name column: .*also accepted: name, businessname/);
  });
  test('enrichment columns never stand in for core ones', () => {
    const mapping = mapColumns(['name', 'site.company_insights.city']);
    assert.equal(mapping.sources.city, undefined);
  });
});

describe('per-field rules (shared with the admin edit)', () => {
  test('phones: digits with phone punctuation, several numbers and extensions kept; a cell with no number in it is dropped, the row kept', () => {
    for (const phone of ['+1 267-389-7404', '(030) 123 45 67', '+886 2 2556 0519;+886 2 2556 0631', '+49 30 1234567 ext. 12', '٠٢١ ١٢٣٤٥٦٧']) {
      assert.deepEqual(readPhone(phone), { value: phone }, phone);
      assert.equal(accepted({ name: 'X', phone }).phone, phone);
    }
    for (const phone of ['call us', 'see website', '12', 'tel: ask at the desk 5']) {
      assert.match(readPhone(phone).problem ?? '', /is not a phone number$/, phone);
      assert.equal(accepted({ name: 'X', phone }).phone, null, phone);
    }
  });

  test('each reader gives the value or the reason, in the words the import report uses', () => {
    assert.deepEqual(readRating('7'), { value: null, problem: 'rating 7 is outside 0-5' });
    assert.deepEqual(readRating('4.46'), { value: 4.5 });
    assert.deepEqual(readReviewCount('-3'), { value: null, problem: 'review count "-3" is not a whole number' });
    assert.deepEqual(readCoordinates('91', '10'), { value: null, problem: 'latitude 91 is outside -90 to 90' });
    assert.deepEqual(readCoordinates('10', '-181'), { value: null, problem: 'longitude -181 is outside -180 to 180' });
    assert.deepEqual(readCoordinates('0', '0'), { value: null, problem: '0,0 is a placeholder point, not a place' });
    assert.deepEqual(readCoordinates('48.85', '2.35'), { value: { latitude: 48.85, longitude: 2.35 } });
    assert.deepEqual(readCountryCode('fr'), { value: 'FR' });
    assert.deepEqual(readCountryCode('Deutschland'), { value: 'DE' });
    assert.deepEqual(readCountryCode('XX'), { value: null, problem: 'country code "XX" is not an ISO 3166-1 country code' });
    assert.deepEqual(readLink('example.com'), { value: 'http://example.com' });
    assert.deepEqual(readLink('javascript:alert(1)'), { value: null, problem: '"javascript:alert(1)" is not an http(s) link' });
    assert.deepEqual(readName(' N/A '), { value: null, problem: 'name is "N/A", which stands for no name' });
  });
});
