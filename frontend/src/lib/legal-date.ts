/** The date the four legal pages carry (spec), as shown and as the sitemap's lastmod. */
export const LEGAL_DATE = 'December 12, 2025';
export const LEGAL_DATE_ISO = '2025-12-12';
