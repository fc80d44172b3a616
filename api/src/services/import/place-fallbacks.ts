/**
 * Where a row says nothing of its city or country in their own columns (an export without those columns,
 * an OpenStreetMap row without addr:country), the address and the phone number often still say it:
 * `Cetinjska 9, Beograd 11000` and `+381 11 4074297` are a Belgrade business in Serbia. A business with
 * no country code is on no country or city page, so the importer reads them from there.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { countryCodeFrom } from '../../../../common/countries.ts';
import { US_STATE_CODES, US_STATE_NAMES } from '../../../../common/us-states.ts';

/** The country of an international phone number (+381 ..., 00381 ...); null for a national one. */
export function countryFromPhone(phone: string | null): string | null {
  if (!phone) return null;
  const trimmed = phone.trim();
  const international = trimmed.startsWith('+') ? trimmed : trimmed.startsWith('00') ? `+${trimmed.slice(2)}` : null;
  if (!international) return null;
  return parsePhoneNumberFromString(international)?.country ?? null;
}

/**
 * The United States, for a row whose state column is a US state (code or name) and whose postal code is a ZIP
 * code (State "UT", Zip "84770": the Yellow Pages sheets have no country column). Either alone says
 * nothing sure (CA is also Canada's code, five digits are a postcode in many countries).
 */
export function countryFromStateAndZip(state: string | undefined, postalCode: string | undefined): string | null {
  if (!state || !postalCode) return null;
  const named = state.trim().toUpperCase();
  const isState = US_STATE_CODES.has(named) || US_STATE_NAMES.has(named.replace(/\s+/g, ' '));
  return isState && /^\d{5}(-\d{4})?(\.0+)?$/.test(postalCode.trim()) ? 'US' : null;
}

const CANADIAN_PROVINCE_AND_POSTCODE = /^(?:AB|BC|MB|NB|NL|NS|NT|NU|ON|PE|QC|SK|YT)\s+[A-Z]\d[A-Z]\s?\d[A-Z]\d$/;

/** `FL 34109` is the United States (the state and ZIP rule of the columns), `ON M5H 2N2` Canada. */
function countryOfStateAndPostcode(text: string): string | null {
  const [state, postcode] = text.split(/\s+/, 2);
  return countryFromStateAndZip(state, postcode) ?? (CANADIAN_PROVINCE_AND_POSTCODE.test(text) ? 'CA' : null);
}

/** `ST 12345`, `ON M5V 2T6`: a state or province code with a postal code, after the city. */
const STATE_AND_POSTCODE = /^[A-Z]{2}\s+(?=[\dA-Z -]*\d)[\dA-Z][\dA-Z -]*$/;
const MAX_CITY_WORDS = 4;
const MAX_CITY_CHARS = 60;

/**
 * The country an address ends with (`…, 75001 Paris, France`), and the city before it: the last part
 * that is not a country, without postal codes (`Beograd 11000` -> Beograd, `London SW1A 2AA` -> London),
 * or the part before a state and postal code (`…, Paris, TX 75460` -> Paris, in the United States). An address of one part,
 * or a last part that is not plainly a place name (digits only, more than four words), gives no city.
 */
const ADMIN_AREA = /^(county|district|region|province|state|municipality|okrug|oblast|city|capital|town|metro)$/i;
const ADMIN_AREA_SUFFIX = /\s(county|district|region|province|okrug|oblast)$/i;

export function placeFromAddress(address: string | null): { city: string | null; countryCode: string | null } {
  if (!address || !address.includes(',')) return { city: null, countryCode: null };
  const parts = address.split(',').map((part) => part.trim()).filter(Boolean);
  let countryCode: string | null = null;
  const last = parts[parts.length - 1];
  if (parts.length > 1 && !/\d/.test(last)) {
    countryCode = countryCodeFrom(last);
    if (countryCode) parts.pop();
  }
  // "..., Belgrade, county": a bare word for an administrative area is no city, and "Belgrade county" is
  // the area, not its city: the part before it is read instead.
  while (parts.length > 1 && ADMIN_AREA.test(parts[parts.length - 1])) parts.pop();
  if (parts.length > 2 && ADMIN_AREA_SUFFIX.test(parts[parts.length - 1])) parts.pop();
  if (parts.length < 2) return { city: null, countryCode };
  let candidate = parts[parts.length - 1];
  if (STATE_AND_POSTCODE.test(candidate)) {
    // "…, Naples, FL 34109" (Google's US form), "…, Toronto, ON M5H 2N2": the state and its postcode say the country.
    countryCode ??= countryOfStateAndPostcode(candidate);
    candidate = parts.length > 2 ? parts[parts.length - 2] : '';
  }
  const words = candidate.split(/\s+/).filter((word) => word && !/\d/.test(word));
  const city = words.join(' ');
  const plain = words.length > 0 && words.length <= MAX_CITY_WORDS && city.length <= MAX_CITY_CHARS && /\p{L}/u.test(city) && !countryCodeFrom(city);
  return { city: plain ? city : null, countryCode };
}
