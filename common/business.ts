/**
 * A business as the writers take it (seed generator, importer): normalised and validated, ready for
 * platform/db/business-writer.ts. Field names follow the Prisma model; the writer derives the slug,
 * categorySlug and citySlug with common/slug.ts so every path makes them the same way.
 */
export interface BusinessRow {
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
  /** Weekday name ("Monday") -> hours text ("9AM-5PM", "Closed"). */
  workingHours: Record<string, string> | null;
  /** Amenity groups `{ group: { feature: boolean | text } }`, or a plain-text description. */
  about: Record<string, Record<string, boolean | string>> | string | null;
  verified: boolean;
  website: string | null;
  url: string | null;
  /**
   * The JSON text `workingHours` / `about` were parsed from, when they are used exactly as parsed: the
   * writer then sends that text instead of serialising the value again (a tenth of the import's CPU).
   */
  workingHoursJson?: string;
  aboutJson?: string;
}
