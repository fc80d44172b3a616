/**
 * Finding a business by its phone number. The search document keeps the number's digits in the forms a
 * visitor types them (phoneDigits: filterable, not searchable): international without "+" or "00"
 * (12673897404), and national (2673897404; Italy's 0612345678 also without its leading 0). A query that
 * is a phone number is looked up there exactly, leading zeros (a trunk 0, an "00" prefix) dropped: as
 * words, "+1 267-389-7404" matched every business with a "1" in its name.
 */
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import { asciiNumber, phoneNumbers } from './numbers.ts';

const PHONE_LIKE = /^\+?[\d\s().\-/]+$/;
const MIN_DIGITS = 7;
const MAX_DIGITS = 15;

/** The digit strings a business's phone is found by (empty when it has none). */
export function phoneKeys(phone: string | null, countryCode: string | null): string[] {
  if (!phone) return [];
  // A cell of several numbers ("+886 2 2556 0519;+886 2 2556 0631"): each is found by its own digits.
  const numbers = phoneNumbers(phone);
  if (numbers.length > 1) return [...new Set(numbers.flatMap((number) => numberKeys(number, countryCode)))];
  return numberKeys(phone, countryCode);
}

function numberKeys(phone: string, countryCode: string | null): string[] {
  const digits = asciiNumber(phone).replace(/\D/g, '');
  if (digits.length < MIN_DIGITS) return [];
  const keys = new Set([digits.replace(/^0+/, '')]);
  const text = asciiNumber(phone).trim();
  const parsed = parsePhoneNumberFromString(text.startsWith('00') ? `+${text.slice(2)}` : text, (countryCode ?? undefined) as CountryCode | undefined);
  if (parsed) {
    keys.add(parsed.number.slice(1));
    keys.add(parsed.nationalNumber);
    keys.add(parsed.nationalNumber.replace(/^0+/, ''));
  }
  return [...keys].filter((key) => key.length >= MIN_DIGITS - 1);
}

/** The keys a search text is looked up by when it is a phone number, else null. */
export function phoneQueryKeys(text: string): string[] | null {
  const ascii = asciiNumber(text).trim();
  if (!PHONE_LIKE.test(ascii)) return null;
  const digits = ascii.replace(/\D/g, '');
  if (digits.length < MIN_DIGITS || digits.length > MAX_DIGITS) return null;
  return [...new Set([digits.replace(/^0+/, ''), digits])];
}
