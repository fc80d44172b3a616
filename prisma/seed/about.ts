/**
 * The "about" column of Google-Maps exports: amenity groups of features, each true/false and now and then a
 * text value ({"Service options": {"Dine-in": true}, "Amenities": {"Wi-Fi": "Free"}}). Groups depend on the
 * kind of business, as on Google (a dentist has no "Dining options").
 */
import type { Prng } from './prng.ts';
import type { Kind } from './reference/categories.ts';

/** [feature, share true] or [feature, text values]. */
type Feature = readonly [string, number | readonly string[]];

const GROUPS: Record<string, readonly Feature[]> = {
  'From the business': [['Identifies as women-owned', 0.9], ['Identifies as veteran-owned', 0.9], ['Small business', 0.95], ['Identifies as Black-owned', 0.9], ['Identifies as LGBTQ+ owned', 0.9]],
  'Service options': [['Dine-in', 0.95], ['Takeout', 0.85], ['Delivery', 0.6], ['Outdoor seating', 0.6], ['Drive-through', 0.2], ['Curbside pickup', 0.5], ['No-contact delivery', 0.5]],
  'Shopping options': [['In-store shopping', 0.97], ['In-store pickup', 0.7], ['Same-day delivery', 0.4], ['Curbside pickup', 0.5], ['Delivery', 0.5]],
  'Services': [['Online appointments', 0.7], ['Onsite services', 0.8], ['Online estimates', 0.6], ['Language assistance', ['English', 'Spanish', 'French', 'German', 'Sign language']]],
  Highlights: [['Great coffee', 0.95], ['Great dessert', 0.95], ['Live music', 0.9], ['Rooftop seating', 0.9], ['Sports', 0.9], ['Fireplace', 0.9], ['Great cocktails', 0.95]],
  'Popular for': [['Breakfast', 0.9], ['Lunch', 0.95], ['Dinner', 0.95], ['Solo dining', 0.9], ['Good for working on laptop', 0.85]],
  Accessibility: [['Wheelchair accessible entrance', 0.8], ['Wheelchair accessible restroom', 0.65], ['Wheelchair accessible seating', 0.7], ['Wheelchair accessible parking lot', 0.55], ['Assistive hearing loop', 0.3]],
  Offerings: [['Alcohol', 0.7], ['Beer', 0.75], ['Wine', 0.7], ['Cocktails', 0.5], ['Coffee', 0.85], ['Vegetarian options', 0.8], ['Vegan options', 0.55], ['Halal food', 0.3], ['Small plates', 0.5], ['Happy hour drinks', 0.5], ['Late-night food', 0.35], ['Organic dishes', 0.4]],
  'Dining options': [['Breakfast', 0.5], ['Brunch', 0.4], ['Lunch', 0.9], ['Dinner', 0.9], ['Dessert', 0.8], ['Catering', 0.4], ['Seating', 0.95], ['Counter service', 0.4]],
  Amenities: [['Restroom', 0.9], ['Wi-Fi', ['Free', 'Free', 'Paid']], ['Gender-neutral restroom', 0.5], ['Bar onsite', 0.6], ['Air conditioning', 0.8]],
  Atmosphere: [['Casual', 0.9], ['Cozy', 0.85], ['Romantic', 0.6], ['Trendy', 0.6], ['Upscale', 0.4], ['Quiet', 0.5], ['Noise level', ['Quiet', 'Average', 'Loud']]],
  Crowd: [['Family-friendly', 0.85], ['Groups', 0.8], ['Tourists', 0.7], ['University students', 0.6], ['LGBTQ+ friendly', 0.9], ['Transgender safespace', 0.9]],
  Planning: [['Accepts reservations', 0.7], ['Reservations required', 0.3], ['Appointment required', 0.6], ['Appointments recommended', 0.8], ['Usually a wait', 0.4], ['Quick visit', 0.8]],
  Payments: [['Credit cards', 0.92], ['Debit cards', 0.92], ['NFC mobile payments', 0.8], ['Cash only', 0.06], ['Checks', 0.3], ['Google Pay', 0.7]],
  Children: [['Good for kids', 0.8], ["Kids' menu", 0.6], ['High chairs', 0.7], ['Changing table(s)', 0.5]],
  Parking: [['Free parking lot', 0.6], ['Paid parking lot', 0.5], ['Free street parking', 0.6], ['Paid street parking', 0.6], ['On-site parking', 0.6], ['Valet parking', 0.2]],
  Pets: [['Dogs allowed', 0.7], ['Dogs allowed inside', 0.5], ['Dogs allowed outside', 0.8]],
  'Lodging amenities': [['Free Wi-Fi', 0.95], ['Free breakfast', 0.5], ['Pool', 0.4], ['Fitness center', 0.5], ['Spa', 0.3], ['Restaurant', 0.6], ['Airport shuttle', 0.3], ['Pet-friendly', 0.4], ['Air-conditioned', 0.85], ['Laundry service', 0.6], ['Check-in time', ['2:00 PM', '3:00 PM', '4:00 PM']], ['Check-out time', ['11:00 AM', '12:00 PM']]],
};

/** [group, chance it is present] per kind. */
const BY_KIND: Record<Kind, ReadonlyArray<readonly [string, number]>> = {
  food: [['From the business', 0.15], ['Service options', 0.95], ['Highlights', 0.35], ['Popular for', 0.7], ['Accessibility', 0.8], ['Offerings', 0.85], ['Dining options', 0.85], ['Amenities', 0.7], ['Atmosphere', 0.75], ['Crowd', 0.6], ['Planning', 0.6], ['Payments', 0.8], ['Children', 0.5], ['Parking', 0.4], ['Pets', 0.2]],
  cafe: [['From the business', 0.15], ['Service options', 0.95], ['Highlights', 0.4], ['Popular for', 0.7], ['Accessibility', 0.75], ['Offerings', 0.8], ['Dining options', 0.7], ['Amenities', 0.8], ['Atmosphere', 0.6], ['Crowd', 0.4], ['Payments', 0.85], ['Pets', 0.3]],
  bar: [['Service options', 0.8], ['Highlights', 0.6], ['Accessibility', 0.7], ['Offerings', 0.9], ['Amenities', 0.7], ['Atmosphere', 0.8], ['Crowd', 0.7], ['Planning', 0.4], ['Payments', 0.8], ['Pets', 0.2]],
  shop: [['From the business', 0.2], ['Shopping options', 0.95], ['Accessibility', 0.8], ['Amenities', 0.3], ['Crowd', 0.2], ['Payments', 0.85], ['Parking', 0.5]],
  beauty: [['From the business', 0.3], ['Services', 0.6], ['Accessibility', 0.7], ['Amenities', 0.5], ['Crowd', 0.4], ['Planning', 0.85], ['Payments', 0.85], ['Parking', 0.3]],
  health: [['From the business', 0.1], ['Services', 0.5], ['Accessibility', 0.9], ['Amenities', 0.6], ['Planning', 0.8], ['Payments', 0.6], ['Parking', 0.5]],
  auto: [['From the business', 0.15], ['Services', 0.7], ['Accessibility', 0.6], ['Amenities', 0.4], ['Planning', 0.5], ['Payments', 0.8], ['Parking', 0.3]],
  hotel: [['Lodging amenities', 0.95], ['Accessibility', 0.7], ['Children', 0.3], ['Parking', 0.6], ['Pets', 0.3], ['Payments', 0.4]],
  fitness: [['From the business', 0.1], ['Accessibility', 0.7], ['Amenities', 0.8], ['Crowd', 0.5], ['Planning', 0.4], ['Payments', 0.6], ['Parking', 0.5]],
  pro: [['From the business', 0.3], ['Services', 0.8], ['Accessibility', 0.8], ['Planning', 0.7], ['Payments', 0.4], ['Parking', 0.3]],
  home: [['From the business', 0.35], ['Services', 0.95], ['Planning', 0.5], ['Payments', 0.6]],
  edu: [['From the business', 0.2], ['Services', 0.6], ['Accessibility', 0.8], ['Amenities', 0.6], ['Crowd', 0.3], ['Planning', 0.5]],
  fun: [['Accessibility', 0.85], ['Amenities', 0.8], ['Crowd', 0.6], ['Children', 0.5], ['Planning', 0.5], ['Payments', 0.6], ['Parking', 0.5]],
};

const FEATURE_INDEXES: number[][] = Array.from({ length: 16 }, (_, length) => Array.from({ length }, (_, index) => index));

export type AboutGroups = Record<string, Record<string, boolean | string>>;

/** Amenity groups for a business of this kind; null when the listing shows none. */
export function generateAbout(prng: Prng, kind: Kind): AboutGroups | null {
  const about: AboutGroups = {};
  for (const [group, presence] of BY_KIND[kind]) {
    if (!prng.chance(presence)) continue;
    const features = GROUPS[group];
    // Features keep the group's order, as Google lists them (and same-shaped objects are cheaper for V8).
    const picked = prng.sample(FEATURE_INDEXES[features.length], prng.int(1, Math.min(5, features.length))).sort((a, b) => a - b);
    const values: Record<string, boolean | string> = {};
    for (const index of picked) {
      const [feature, value] = features[index];
      values[feature] = typeof value === 'number' ? prng.chance(value) : prng.pick(value);
    }
    // Cash only rules out cards.
    if (values['Cash only'] === true) {
      for (const card of ['Credit cards', 'Debit cards', 'NFC mobile payments', 'Google Pay']) if (card in values) values[card] = false;
    }
    about[group] = values;
  }
  return Object.keys(about).length ? about : null;
}
