/**
 * The address a visitor reads when a file gave its parts but no full address (OpenStreetMap extracts,
 * exports with street / zip / city columns): "Hauptstraße 5, 10115 Berlin", or in the countries that
 * write the postcode after the city and state, "12 Main St, Springfield, IL 62701". Used by the search
 * document, the featured cards and the database fallback of the detail, so every view shows the same.
 * The stored business keeps the file's own values; a full address the file gave is never rewritten.
 */
export interface AddressParts {
  fullAddress: string | null;
  street: string | null;
  postalCode: string | null;
  city: string | null;
  state: string | null;
  countryCode: string | null;
}

/** Countries whose addresses read "city, state postcode" or "city postcode". */
const POSTCODE_AFTER_CITY = new Set(['US', 'CA', 'AU', 'GB', 'IE', 'NZ', 'IN', 'SG', 'ZA', 'PH']);

const clean = (value: string | null) => value?.trim() || null;

/** The full address, or one made of the parts; null when there is no street or postcode to show. */
export function displayAddress(parts: AddressParts): string | null {
  const full = clean(parts.fullAddress);
  if (full) return full;
  const street = clean(parts.street);
  const postalCode = clean(parts.postalCode);
  // A city (and state) alone is already on every view, beside the address: nothing to add.
  if (!street && !postalCode) return null;
  const city = clean(parts.city);
  const state = clean(parts.state);
  const lines = POSTCODE_AFTER_CITY.has(parts.countryCode ?? '')
    ? [street, city, [state, postalCode].filter(Boolean).join(' ')]
    : [street, [postalCode, city].filter(Boolean).join(' '), state];
  return lines.filter(Boolean).join(', ');
}
