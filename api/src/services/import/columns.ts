/**
 * Header mapping: which file column feeds which business field. Headers match case-, space-, underscore-,
 * dot- and hyphen-insensitively, through aliases covering Outscraper's classic and 2026 layouts, the gosom
 * scraper, OpenStreetMap extracts and Yellow-Pages-style sheets. Dotted enrichment columns
 * (`site.company_insights.city`) never match a core field because the whole header must match an alias.
 * When several alias columns exist (`working_hours` and `working_hours_old_format`), the first non-empty
 * one in alias order is used for each row.
 */
import { repeatedHeader } from './source-rows.ts';

export type Field =
  | 'name' | 'placeId' | 'type' | 'category' | 'subtypes' | 'fullAddress' | 'street' | 'city' | 'postalCode'
  | 'state' | 'country' | 'countryCode' | 'phone' | 'latitude' | 'longitude' | 'rating' | 'reviews'
  | 'reviewsLink' | 'photo' | 'logo' | 'locatedIn' | 'workingHours' | 'verified' | 'about' | 'website' | 'url'
  | 'businessStatus';

/** Aliases in priority order, written normalised (see headerKey). */
const ALIASES: Record<Field, string[]> = {
  // After the English names, the same columns in Turkish (the admin panel's language), German, French,
  // Spanish and Italian, as admins' own sheets head them ("İşletme Adı", "Straße", "PLZ", "Ville").
  name: ['name', 'businessname', 'companyname', 'company', 'title', 'placename',
    'isletmeadi', 'firmaadi', 'isletme', 'firma', 'isim', 'adi', 'unvan', 'firmenname', 'unternehmen', 'nom', 'nomdelentreprise', 'raisonsociale', 'nombre', 'empresa', 'nomeattivita', 'azienda'],
  placeId: ['placeid', 'googleplaceid'],
  type: ['type', 'maincategory', 'primarycategory', 'primarytype'],
  category: ['category', 'categoryname', 'kategori', 'kategorie', 'branche', 'categorie', 'categoria'],
  subtypes: ['subtypes', 'categories', 'subcategories'],
  fullAddress: ['fulladdress', 'address', 'formattedaddress', 'streetaddress', 'adres', 'acikadres', 'adresse', 'anschrift', 'direccion', 'indirizzo'],
  street: ['street', 'addressline1', 'address1', 'sokak', 'cadde', 'strasse', 'rue', 'calle'],
  city: ['city', 'town', 'locality', 'sehir', 'il', 'stadt', 'ort', 'ville', 'ciudad', 'citta'],
  postalCode: ['postalcode', 'zip', 'zipcode', 'postcode', 'plz', 'postakodu', 'postleitzahl', 'codepostal', 'codigopostal', 'cap'],
  state: ['state', 'usstate', 'region', 'province', 'bundesland', 'provincia'],
  country: ['country', 'countryname', 'ulke', 'land', 'pays', 'pais', 'paese'],
  countryCode: ['countrycode', 'countryiso', 'iso2', 'ulkekodu', 'landercode'],
  phone: ['phone', 'phonenumber', 'telephone', 'tel', 'phone1', 'telefon', 'telefonnumarasi', 'telefonnummer', 'telefono'],
  latitude: ['latitude', 'lat', 'enlem', 'breitengrad', 'latitud', 'latitudine'],
  longitude: ['longitude', 'lng', 'lon', 'long', 'boylam', 'langengrad', 'longitud', 'longitudine'],
  rating: ['rating', 'reviewrating', 'averagerating', 'stars', 'puan', 'bewertung', 'valoracion', 'calificacion'],
  reviews: ['reviews', 'reviewcount', 'reviewscount', 'numberofreviews', 'userratingstotal', 'yorumsayisi', 'degerlendirmesayisi', 'anzahlbewertungen'],
  reviewsLink: ['reviewslink', 'locationreviewslink'],
  photo: ['photo', 'image', 'thumbnail', 'photourl', 'imageurl', 'mainphoto', 'fotograf', 'resim', 'foto', 'bild'],
  logo: ['logo', 'logourl'],
  locatedIn: ['locatedin'],
  workingHours: ['workinghours', 'openhours', 'openinghours', 'hours', 'businesshours', 'workinghoursoldformat', 'workinghourscsvcompatible',
    'calismasaatleri', 'acilissaatleri', 'offnungszeiten', 'horaires', 'horario', 'orari'],
  verified: ['verified', 'isverified', 'claimed', 'dogrulanmis', 'onayli'],
  about: ['about', 'description', 'descriptions', 'aciklama', 'hakkinda', 'beschreibung'],
  website: ['website', 'site', 'web', 'homepage', 'websiteurl', 'websitesi', 'webadresi', 'webseite', 'siteweb', 'sitioweb'],
  url: ['url', 'googlemapsurl', 'mapsurl', 'locationlink', 'link'],
  businessStatus: ['businessstatus', 'status', 'placestatus', 'operationalstatus'],
};

/**
 * The 23 columns of the spec's Business (full) entity that a file can carry (its 27 fields minus id, slug,
 * created_at and updated_at, which the system makes). The upload report counts these ("/23").
 * state, subtypes, website and business_status are imported too but are not part of the spec's list.
 */
export const KNOWN_COLUMNS: ReadonlyArray<{ column: string; field: Field }> = [
  { column: 'name', field: 'name' },
  { column: 'category', field: 'category' },
  { column: 'type', field: 'type' },
  { column: 'full_address', field: 'fullAddress' },
  { column: 'street', field: 'street' },
  { column: 'city', field: 'city' },
  { column: 'postal_code', field: 'postalCode' },
  { column: 'country', field: 'country' },
  { column: 'country_code', field: 'countryCode' },
  { column: 'phone', field: 'phone' },
  { column: 'latitude', field: 'latitude' },
  { column: 'longitude', field: 'longitude' },
  { column: 'rating', field: 'rating' },
  { column: 'reviews', field: 'reviews' },
  { column: 'reviews_link', field: 'reviewsLink' },
  { column: 'photo', field: 'photo' },
  { column: 'logo', field: 'logo' },
  { column: 'located_in', field: 'locatedIn' },
  { column: 'working_hours', field: 'workingHours' },
  { column: 'verified', field: 'verified' },
  { column: 'about', field: 'about' },
  { column: 'place_id', field: 'placeId' },
  { column: 'url', field: 'url' },
];

/**
 * Each businesses data column (platform/db/business-writer.ts, DATA_COLUMN_NAMES) and the fields whose
 * presence in a file gives it a value (normaliseRow derives type from subtypes, category from type, and
 * the country and its code from each other). Latitude and longitude need both columns: one alone is
 * dropped with its pair.
 */
const WRITTEN_FROM: Record<string, Field[]> = {
  name: ['name'],
  type: ['type', 'subtypes'],
  category: ['category', 'type', 'subtypes'],
  category_slug: ['category', 'type', 'subtypes'],
  subtypes: ['subtypes'],
  full_address: ['fullAddress'],
  street: ['street'],
  city: ['city'],
  city_slug: ['city'],
  postal_code: ['postalCode'],
  state: ['state'],
  country: ['country', 'countryCode'],
  country_code: ['countryCode', 'country'],
  phone: ['phone'],
  latitude: ['latitude'],
  longitude: ['longitude'],
  rating: ['rating'],
  review_count: ['reviews'],
  reviews_link: ['reviewsLink'],
  photo: ['photo'],
  logo: ['logo'],
  located_in: ['locatedIn'],
  working_hours: ['workingHours'],
  about: ['about'],
  verified: ['verified'],
  website: ['website'],
  url: ['url'],
  business_status: ['businessStatus'],
};

/** A header as the aliases are written: no case, spaces, underscores, dots, hyphens or accents (İşletme Adı: isletmeadi). */
export function headerKey(header: string): string {
  return header
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ı/g, 'i')
    .replace(/ß/g, 'ss')
    .replace(/[\s_.\-]+/g, '');
}

/**
 * Fields read from the first alias present only, never from another alias where it is empty: a file with a
 * real `name` column may also have a contact person's `title`; Outscraper's `phone_1` (alias phone1) holds
 * other numbers, often bad ones ("20"), so a row without a phone keeps none (a file whose only phone column
 * is "Phone 1" still has its phones).
 */
const FIRST_ALIAS_ONLY: ReadonlySet<Field> = new Set(['name', 'phone']);

export type CanonicalCells = Partial<Record<Field, string>>;

export interface ColumnMapping {
  /** Field -> header names present in the file, in alias priority order. */
  sources: Partial<Record<Field, string[]>>;
  /** A layout with its own conversion (gosom, OpenStreetMap), or null. */
  profile: 'gosom' | 'osm' | null;
  columnExtraction: { extractedCount: number; extractionRate: number; successful: string[]; missing: string[] };
  /**
   * The businesses columns this file can give a value to (directly, through a layout's adapter, or derived
   * from another of its columns): the only ones an import may change in a business that already exists.
   */
  updatableColumns: string[];
  /** One past the last header index a field is read from: a row with fewer cells lacks some of them. */
  usedWidth: number;
  /** Map a row's cells (in header order) to canonical values (first non-empty alias). */
  map(values: string[]): CanonicalCells;
  /** What the report says of the header itself (a column given twice). */
  notes: string[];
}

const MISSING = new Set(['', 'none', 'null', 'nan', 'n/a', 'undefined', '{}', '[]']);

/** The ways exports write "no value": empty, None, null, NaN, N/A, {} and []. */
export function isMissing(value: string | undefined | null): boolean {
  if (value === undefined || value === null || value.length === 0) return true;
  // Hot path (every mapped cell of every row): long values cannot be one of the missing markers.
  if (value.length > 16) return false;
  // Every marker starts with n, u, { or [ (in any case) once trimmed: most cells are ruled out by one
  // character, without allocating a trimmed lower-case copy (this runs for every cell of every row).
  const first = value.charCodeAt(0);
  if (first > 32 && first < 128 && first !== 110 && first !== 78 && first !== 117 && first !== 85 && first !== 123 && first !== 91) return false;
  return MISSING.has(value.trim().toLowerCase());
}

export class MissingColumnsError extends Error {}

/** How many title rows (a caption, a date) above a header row are looked past. */
export const MAX_TITLE_ROWS = 5;

/**
 * A row above the header that titles the sheet ("Businesses export - March 2025", often a merged cell):
 * at most two cells with text and no business name column among them.
 */
export function isTitleRow(values: string[]): boolean {
  let filled = 0;
  for (const value of values) if (value && value.trim() !== '' && ++filled > 2) return false;
  return filled > 0 && !hasNameColumn(values);
}

/** Whether a header row has a column a business name can come from (what mapColumns needs). */
export function hasNameColumn(headers: string[]): boolean {
  try {
    mapColumns(headers);
    return true;
  } catch (error) {
    if (error instanceof MissingColumnsError) return false;
    throw error;
  }
}

/** Builds the mapping for a file's headers; throws MissingColumnsError when no column can give a name. */
export function mapColumns(headers: string[]): ColumnMapping {
  // Every header of a key, in file order: "Phone" given twice (uniqueHeaders marks the repeat), or "Phone"
  // and "phone". The first of them is the key's column where one column is read.
  const allOfKey = new Map<string, string[]>();
  for (const header of headers) {
    const key = headerKey(repeatedHeader(header) ?? header);
    allOfKey.set(key, [...(allOfKey.get(key) ?? []), header]);
  }
  const indexOfHeader = new Map(headers.map((header, index) => [header, index]));
  const keys = new Set(allOfKey.keys());
  const profile: ColumnMapping['profile'] =
    keys.has('othertags') && keys.has('lat') && keys.has('lon') ? 'osm'
    : keys.has('title') && keys.has('link') && keys.has('completeaddress') ? 'gosom'
    : null;

  const sources: Partial<Record<Field, string[]>> = {};
  for (const [field, aliases] of Object.entries(ALIASES) as Array<[Field, string[]]>) {
    // A column given twice is read as one: each row takes the first of them that has a value.
    const present = aliases.filter((alias) => allOfKey.has(alias)).map((alias) => allOfKey.get(alias)!);
    if (present.length) sources[field] = FIRST_ALIAS_ONLY.has(field) ? present[0] : present.flat();
  }
  if (profile === 'osm') {
    // OSM `type` is node/way/relation and `id` is the OSM id: the adapter below builds type and place_id.
    delete sources.type;
  }
  if (!sources.name) {
    // The first aliases are the usual English ones; the rest (other languages, exporters' names) are
    // listed after them, so the message starts with what most people would write.
    const tried = ALIASES.name.join(', ');
    throw new MissingColumnsError(
      `The file has no business name column: its first row must name the columns, one of them "name" or "business name" (any case; also accepted: ${tried}). Columns found: ${headers.slice(0, 20).map((header) => (header.length > 40 ? `${header.slice(0, 40)}...` : header)).join(', ')}${headers.length > 20 ? ', ...' : ''}.`,
    );
  }

  const derived = new Set<Field>();
  if (profile === 'gosom') ['placeId', 'street', 'city', 'postalCode', 'state', 'countryCode'].forEach((f) => derived.add(f as Field));
  if (profile === 'osm') ['placeId', 'type', 'category', 'phone', 'website', 'workingHours', 'fullAddress', 'street', 'city', 'postalCode', 'countryCode', 'url'].forEach((f) => derived.add(f as Field));
  const provided = new Set<Field>([...(Object.keys(sources) as Field[]), ...derived]);
  const hasPoint = provided.has('latitude') && provided.has('longitude');
  const updatableColumns = Object.entries(WRITTEN_FROM)
    .filter(([column, from]) => (column === 'latitude' || column === 'longitude' ? hasPoint : from.some((field) => provided.has(field))))
    .map(([column]) => column);
  const successful = KNOWN_COLUMNS.filter(({ field }) => sources[field] || derived.has(field)).map(({ column }) => column);
  const missing = KNOWN_COLUMNS.filter(({ column }) => !successful.includes(column)).map(({ column }) => column);
  const columnExtraction = {
    extractedCount: successful.length,
    extractionRate: Math.round((successful.length / KNOWN_COLUMNS.length) * 1000) / 10,
    successful,
    missing,
  };

  const entries = Object.entries(sources) as Array<[Field, string[]]>;
  const single = entries.filter(([, list]) => list.length === 1).map(([field, list]) => [field, indexOfHeader.get(list[0])!] as const);
  const multi = entries.filter(([, list]) => list.length > 1).map(([field, list]) => [field, list.map((header) => indexOfHeader.get(header)!)] as const);
  const nameIndexes = sources.name.map((header) => indexOfHeader.get(header)!);
  const base = (values: string[]): CanonicalCells => {
    const out = emptyCells();
    for (const [field, index] of single) {
      const value = values[index];
      if (!isMissing(value)) out[field] = value;
    }
    for (const [field, indexes] of multi) {
      for (const index of indexes) {
        const value = values[index];
        if (!isMissing(value)) {
          out[field] = value;
          break;
        }
      }
    }
    // A name written as "N/A" or "null" is kept as written: the row is refused either way, and its
    // reason then quotes what the admin sees in that cell instead of calling it empty.
    if (out.name === undefined) {
      for (const index of nameIndexes) {
        const value = values[index];
        if (value !== undefined && value.trim() !== '') {
          out.name = value;
          break;
        }
      }
    }
    return out;
  };
  // A layout's own columns (OSM tags, the gosom link), read by key for every row: their index looked up once.
  const indexOfKey = new Map([...allOfKey].map(([key, list]) => [key, indexOfHeader.get(list[0])!]));
  const cell = (values: string[], key: string) => {
    const index = indexOfKey.get(key);
    return index === undefined ? undefined : values[index];
  };
  const map = profile === 'osm' ? (values: string[]) => osmCells(values, cell, base(values))
    : profile === 'gosom' ? (values: string[]) => gosomCells(values, cell, base(values))
    : base;
  // The cells a row must reach: a layout with its own conversion may read any column.
  const usedWidth = profile ? headers.length : Math.max(0, ...single.map(([, index]) => index + 1), ...multi.flatMap(([, indexes]) => indexes.map((index) => index + 1)));
  const notes = [...allOfKey]
    .filter(([key, list]) => list.length > 1 && Object.values(ALIASES).some((aliases) => aliases.includes(key)) && Object.values(sources).some((used) => used.includes(list[0])))
    .map(([, list]) => `Column "${list[0]}" appears ${list.length} times: each row takes the first of them that has a value.`);
  return { sources, profile, columnExtraction, updatableColumns, usedWidth, map, notes };
}

type CellOf = (values: string[], key: string) => string | undefined;

/**
 * Every field present (undefined when missing) and always in the same order, so every row's cells share
 * one object shape: fields added only when present gave each combination of empty cells its own shape,
 * and normaliseRow's reads of them went megamorphic.
 */
function emptyCells(): CanonicalCells {
  return {
    name: undefined, placeId: undefined, type: undefined, category: undefined, subtypes: undefined, fullAddress: undefined,
    street: undefined, city: undefined, postalCode: undefined, state: undefined, country: undefined, countryCode: undefined,
    phone: undefined, latitude: undefined, longitude: undefined, rating: undefined, reviews: undefined, reviewsLink: undefined,
    photo: undefined, logo: undefined, locatedIn: undefined, workingHours: undefined, verified: undefined, about: undefined,
    website: undefined, url: undefined, businessStatus: undefined,
  };
}

function parseJsonObject(text: string | undefined): Record<string, unknown> | null {
  if (!text || text.trim()[0] !== '{') return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const str = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value : typeof value === 'number' ? String(value) : undefined);

/** gosom: place_id hides in the Maps link after `!19s`; `complete_address` is a JSON object. */
function gosomCells(values: string[], cell: CellOf, out: CanonicalCells): CanonicalCells {
  const link = cell(values, 'link') ?? '';
  const match = /!19s(ChIJ[A-Za-z0-9_-]+)/.exec(link);
  if (match && !out.placeId) out.placeId = match[1];
  const address = parseJsonObject(cell(values, 'completeaddress'));
  if (address) {
    out.street ??= str(address.street);
    out.city ??= str(address.city);
    out.postalCode ??= str(address.postal_code);
    out.state ??= str(address.state);
    out.countryCode ??= str(address.country);
  }
  return out;
}

/** What an OpenStreetMap key set to "yes" says a place is. */
const OSM_KEY_LABELS: Record<string, string> = { amenity: 'Amenity', shop: 'Shop', tourism: 'Tourist attraction', historic: 'Historic site', craft: 'Craft' };

/** OpenStreetMap extract: id + type (node/way/relation), tags in `other_tags` JSON. */
function osmCells(values: string[], cell: CellOf, out: CanonicalCells): CanonicalCells {
  const osmType = cell(values, 'type') ?? '';
  const osmId = cell(values, 'id') ?? '';
  if (/^(node|way|relation)$/.test(osmType) && /^\d+$/.test(osmId)) {
    out.placeId = `osm:${osmType}/${osmId}`;
    out.url ??= `https://www.openstreetmap.org/${osmType}/${osmId}`;
  }
  for (const key of ['amenity', 'shop', 'tourism', 'historic', 'craft']) {
    const value = cell(values, key);
    if (value && !isMissing(value)) {
      // "shop=yes" says only that it is a shop: the category is "Shop", not "Yes".
      const label = value.toLowerCase() === 'yes' ? OSM_KEY_LABELS[key] : value.replace(/_/g, ' ');
      out.type ??= label.charAt(0).toUpperCase() + label.slice(1);
      break;
    }
  }
  const tags = parseJsonObject(cell(values, 'othertags'));
  if (tags) {
    out.phone ??= str(tags.phone) ?? str(tags['contact:phone']);
    out.website ??= str(tags.website) ?? str(tags['contact:website']);
    out.workingHours ??= str(tags.opening_hours);
    out.fullAddress ??= str(tags['addr:full']);
    const street = [str(tags['addr:street']), str(tags['addr:housenumber'])].filter(Boolean).join(' ');
    if (street) out.street ??= street;
    out.city ??= str(tags['addr:city']);
    out.postalCode ??= str(tags['addr:postcode']);
    out.state ??= str(tags['addr:state']) ?? str(tags['addr:province']);
    out.countryCode ??= str(tags['addr:country']);
  }
  out.category ??= out.type;
  return out;
}
