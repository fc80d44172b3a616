/**
 * The import key of a row that has no place_id (a Yellow Pages scrape, an own spreadsheet): without one,
 * every import of the same file would add its businesses again. The key is a hash of what says which
 * business a row is (its name, address, street, city and phone number), compared without case, spacing
 * or punctuation, so the same file, or a corrected one that changes a rating, hours or a website or adds
 * a country, state or postal code column, matches the businesses the first import added. Two rows of one file with the same key are one business listed
 * twice, and the first wins, as with a repeated place_id. A changed name, address or phone reads as
 * another business. See CONTENT_KEY_PREFIX (common/business.ts) for where the key is stored.
 */
import { createHash } from 'node:crypto';
import { CONTENT_KEY_PREFIX, type BusinessRow } from '../../../../common/business.ts';

const fold = (value: string | null): string => (value ? value.normalize('NFKC').toLowerCase().replace(/[\s,.;:]+/g, ' ').trim() : '');

export function contentKey(row: BusinessRow): string {
  // Not the postal code, state or country: a file is often imported again with one of those columns
  // added (the report advises a country_code column), and the same rows must still match.
  const parts = [row.name, row.fullAddress, row.street, row.city].map(fold);
  // Digits only, and "0049 30 ..." is "+49 30 ...": the international prefix written either way.
  parts.push(row.phone ? row.phone.trim().replace(/^00/, '').replace(/\D/g, '') : '');
  // 132 bits of SHA-256: no two businesses of a directory share one by chance.
  return CONTENT_KEY_PREFIX + createHash('sha256').update(parts.join('\u001f')).digest('base64url').slice(0, 22);
}
