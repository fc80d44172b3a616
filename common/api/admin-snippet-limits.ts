/**
 * The site-wide snippets and ad slots, and the sizes the server allows them (admin-side §9). Kept apart
 * from admin.ts (which re-exports them) so the panel's settings and ads screens read them without
 * loading zod and every admin schema into the browser.
 */

/** The site-wide snippets, in the order the settings screen shows them. */
export const SITE_SETTING_KEYS = ['head_tags', 'footer_tags', 'analytics_code', 'facebook_pixel'] as const;
export type SiteSettingKey = (typeof SITE_SETTING_KEYS)[number];

/** Largest snippet the settings screen saves, in UTF-8 bytes (larger answers 413). */
export const SITE_SETTING_MAX_BYTES = 100 * 1024;

/** Slots ad1 to ad7 (1 to 4 business detail, 5 home, 6 category list, 7 category detail). */
export const AD_SLOT_KEYS = ['ad1', 'ad2', 'ad3', 'ad4', 'ad5', 'ad6', 'ad7'] as const;
export type AdSlotKey = (typeof AD_SLOT_KEYS)[number];

/** The spec's "50KB max per slot", in UTF-8 bytes (larger answers 413 naming the slot). */
export const AD_SLOT_MAX_BYTES = 50 * 1024;
