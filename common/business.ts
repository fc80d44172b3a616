/**
 * A business as the writers take it (seed generator, importer): normalised and validated, ready for
 * platform/db/business-writer.ts. Field names follow the Prisma model; the writer derives the slug,
 * categorySlug and citySlug with common/slug.ts so every path makes them the same way.
 */
export interface BusinessRow {
  /** The business's import key (see CONTENT_KEY_PREFIX). */
  placeId: string | null;
  name: string;
  type: string | null;
  category: string | null;
  subtypes: string[];
  fullAddress: string | null;
  street: string | null;
  city: string | null;
  postalCode: string | null;
  state: string | null;
  country: string | null;
  /** ISO 3166-1 alpha-2, upper case, or null. */
  countryCode: string | null;
  phone: string | null;
  /** Both set (lat -90..90, lng -180..180) or both null. */
  latitude: number | null;
  longitude: number | null;
  /** 0-5, one decimal, or null. */
  rating: number | null;
  reviewCount: number;
  reviewsLink: string | null;
  photo: string | null;
  logo: string | null;
  locatedIn: string | null;
  /** Weekday name ("Monday") -> hours text ("9AM-5PM", "Closed"); or that object as checked JSON text. */
  workingHours: Record<string, string> | JsonText | null;
  /** Amenity groups `{ group: { feature: boolean | text } }`, or a plain-text description; or the groups as checked JSON text. */
  about: Record<string, Record<string, boolean | string>> | string | JsonText | null;
  verified: boolean;
  website: string | null;
  url: string | null;
  /** Google's status of the place; null when the file does not say. */
  businessStatus: BusinessStatus | null;
}

export const BUSINESS_STATUSES = ['OPERATIONAL', 'CLOSED_TEMPORARILY', 'CLOSED_PERMANENTLY'] as const;
export type BusinessStatus = (typeof BUSINESS_STATUSES)[number];

export function isBusinessStatus(value: unknown): value is BusinessStatus {
  return (BUSINESS_STATUSES as readonly unknown[]).includes(value);
}

/**
 * A JSON value kept as the text it was read as, already checked to be exactly in its field's shape (the
 * importer's fast path for clean cells, api/src/services/import/json-scan.ts). The writer sends the text
 * as it is: parsing it only to serialise it again was about 15% of the import's CPU in a profile.
 */
export class JsonText {
  constructor(readonly json: string) {}

  parse(): unknown {
    return JSON.parse(this.json);
  }
}

/**
 * businesses.place_id is a business's import key: Google's place_id when the file has one, `osm:<type>/<id>`
 * for an OpenStreetMap row, and for a row with neither a key derived from the row's content (this prefix
 * and a hash of its name, address and phone: api/src/services/import/content-key.ts), so that importing
 * the same file again finds the businesses it added instead of adding them again. A content key is nobody's
 * place_id: whatever shows or exports place_ids shows it as empty.
 */
export const CONTENT_KEY_PREFIX = 'content:';

export function isContentKey(placeId: string | null | undefined): boolean {
  return placeId != null && placeId.startsWith(CONTENT_KEY_PREFIX);
}
