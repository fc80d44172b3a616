/**
 * What a search box's text is searched as: without control characters (a pasted NUL reached the page's
 * title) and without emoji beside words (Meilisearch makes a word of "🍕", which no business has, so
 * "🍕 pizza" found nothing), spaces collapsed. Emoji alone stay: they are then a search for no words,
 * which finds nothing (not the whole directory). The API's parameters and the search page read it alike.
 */
export function cleanSearchText(text: string): string {
  const plain = text.replace(/\p{Cc}/gu, ' ');
  const words = plain
    .replace(/[\p{Extended_Pictographic}\u{FE0F}\u{20E3}\u{1F3FB}-\u{1F3FF}]/gu, ' ')
    // The joiners that held an emoji sequence together; those inside a word (Persian, Indic) stay.
    .replace(/(?<![\p{L}\p{M}])\u200D|\u200D(?![\p{L}\p{M}])/gu, '');
  return collapse(collapse(words) || plain);
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
