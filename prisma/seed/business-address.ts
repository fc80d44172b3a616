/**
 * Street, postal code, full address, phone number and coordinates of a demo business, in the formats of
 * its country ("Bahnhofstrasse 12, 8001 Zürich", "+41 44 123 45 67"), scattered around the city centre.
 */
import type { Prng } from './prng.ts';
import type { City } from './reference/cities.ts';
import type { CountryProfile } from './reference/countries.ts';

const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';
const KM_PER_DEGREE = 111.32;
/** Businesses stay within this distance of the centre, whatever the city's radius. */
export const MAX_SCATTER_KM = 20;

/** Fills `#` with digits and `A` with letters. */
export function fillPattern(prng: Prng, pattern: string): string {
  let result = '';
  for (const char of pattern) {
    if (char === '#') result += String(prng.int(0, 9));
    else if (char === 'A') result += LETTERS[prng.int(0, LETTERS.length - 1)];
    else result += char;
  }
  return result;
}

export function generatePhone(prng: Prng, city: City, country: CountryProfile): string {
  return fillPattern(prng, country.phone.replace('{a}', city.areaCode));
}

export interface Address {
  street: string | null;
  postalCode: string | null;
  fullAddress: string;
}

function houseNumber(prng: Prng): number {
  // Most businesses sit on low numbers; a long tail reaches into the hundreds.
  return prng.chance(0.8) ? prng.int(1, 60) : prng.int(61, 999);
}

export function generateStreet(prng: Prng, country: CountryProfile): string {
  const street = prng.pick(country.streets);
  switch (country.numberPlacement) {
    case 'before': {
      const suite = prng.chance(0.06) ? ` #${prng.int(1, 40) * 10}` : '';
      return `${houseNumber(prng)} ${street}${suite}`;
    }
    case 'after':
      return `${street} ${houseNumber(prng)}`;
    case 'comma':
      return `${street}, ${houseNumber(prng)}`;
    case 'jp':
      return `${prng.int(1, 9)}-${prng.int(1, 30)}-${prng.int(1, 20)} ${street}`;
  }
}

export function generateAddress(prng: Prng, city: City, country: CountryProfile): Address {
  // A few listings (service-area businesses) show no street.
  const street = prng.chance(0.02) ? null : generateStreet(prng, country);
  const pattern = city.postal ?? country.postal;
  const postalCode = pattern ? fillPattern(prng, pattern) : null;
  const parts: string[] = street ? [street] : [];
  switch (postalCode ? country.addressStyle : 'plain') {
    case 'us':
      parts.push(city.name, [city.stateCode ?? city.state, postalCode].filter(Boolean).join(' '));
      break;
    case 'eu':
      parts.push(`${postalCode} ${city.name}`);
      break;
    case 'uk':
      parts.push(`${city.name} ${postalCode}`);
      break;
    case 'plain':
      parts.push(city.name);
      break;
  }
  return { street, postalCode, fullAddress: parts.join(', ') };
}

/** A point within the city's radius (denser near the centre), at most MAX_SCATTER_KM away. */
export function generateCoordinates(prng: Prng, city: City): { latitude: number; longitude: number } {
  const distance = Math.min(city.radiusKm * Math.sqrt(prng.next()) * (prng.chance(0.9) ? 1 : 2), MAX_SCATTER_KM);
  const bearing = prng.next() * 2 * Math.PI;
  const latitude = city.latitude + (distance * Math.cos(bearing)) / KM_PER_DEGREE;
  const longitude = city.longitude + (distance * Math.sin(bearing)) / (KM_PER_DEGREE * Math.cos((city.latitude * Math.PI) / 180));
  return { latitude: Math.round(latitude * 1e7) / 1e7, longitude: Math.round(longitude * 1e7) / 1e7 };
}

/** Great-circle distance in km (for tests and checks). */
export function distanceKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}
