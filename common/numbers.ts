/**
 * Numbers as people write them in any script: the importer reads ratings and coordinates with it, the
 * site makes tel: links with it.
 */

const DECIMAL_DIGIT = /\p{Nd}/u;
const digitValues = new Map<string, string>();

/**
 * The ASCII digit of any script's decimal digit (٤, ४, ๔, ４...). Unicode encodes every set of decimal
 * digits as a contiguous run from 0 to 9, so the value is the distance from the start of the run.
 */
function asciiDigit(digit: string): string {
  let ascii = digitValues.get(digit);
  if (ascii === undefined) {
    const code = digit.codePointAt(0)!;
    let start = code;
    while (DECIMAL_DIGIT.test(String.fromCodePoint(start - 1))) start--;
    ascii = String((code - start) % 10);
    digitValues.set(digit, ascii);
  }
  return ascii;
}

/**
 * A number written with another script's digits or separators ("٤٫٥", "४.२", "４．５", "−3,5") in ASCII;
 * plain ASCII text is returned as it is.
 */
export function asciiNumber(value: string): string {
  if (!/[^\x00-\x7f]/.test(value)) return value;
  return value
    .normalize('NFKC')
    .replace(/\p{Nd}/gu, (digit) => (digit < '\x80' ? digit : asciiDigit(digit)))
    .replace(/\u066b/g, '.')
    .replace(/[\u066c\u060c]/g, ',')
    .replace(/\u2212/g, '-');
}

/**
 * The numbers of a phone cell that holds several ("+886 2 2556 0519;+886 2 2556 0631", "… / …", "… or …"),
 * each as written; one number gives itself.
 */
export function phoneNumbers(phone: string): string[] {
  const numbers = phone.split(/\s*(?:[;|,]|\s\/\s|\sor\s)\s*/iu).map((part) => part.trim()).filter((part) => /\p{Nd}/u.test(part));
  return numbers.length > 0 ? numbers : [phone];
}

/**
 * A tel: link target: '+' and ASCII digits only ("+٢٠ ٢ ١٢٣٤" -> "tel:+2021234"), of the first number when
 * the text holds several (their digits run together were no number); null when no digit is left.
 */
export function telHref(phone: string): string | null {
  const digits = asciiNumber(phoneNumbers(phone)[0]).replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');
  return /\d/.test(digits) ? `tel:${digits}` : null;
}
