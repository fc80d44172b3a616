/**
 * Business names as they appear on Google Maps: "<Surname>'s <Noun>", "<City> <Category>",
 * "The <Adjective> <Noun>", "<Local word> <Surname>" ("Trattoria Rossi"), partner names for firms, and in
 * countries with another script a share of native names ("Кофейня «Уют»", "田中歯科医院").
 */
import type { Prng } from './prng.ts';
import type { Category } from './reference/categories.ts';
import type { City } from './reference/cities.ts';
import { LANGUAGES, nativeKindOf, type Language } from './reference/languages.ts';
import { ADJECTIVES } from './reference/names.ts';

function titleCase(text: string): string {
  return text.replace(/(^|\s)(\p{Ll})/gu, (_match, space: string, letter: string) => space + letter.toUpperCase());
}

function nativeName(prng: Prng, language: Language, category: Category): string | null {
  const native = LANGUAGES[language].native;
  if (!native || !prng.chance(native.share)) return null;
  const kind = prng.pick(native.kinds[nativeKindOf(category.kind)]);
  const word = prng.pick(native.words);
  switch (native.format) {
    case 'kind-quoted':
      return `${kind} «${word}»`;
    case 'kind-word':
      return `${kind} ${word}`;
    case 'word-kind':
      return `${word}${kind}`;
    case 'word-space-kind':
      return `${word} ${kind}`;
  }
}

/** A plausible name for a business of `category` in `city`, in the city's language. */
export function generateBusinessName(prng: Prng, category: Category, city: City, language: Language): string {
  const native = nativeName(prng, language, category);
  if (native) return native;

  const names = LANGUAGES[language];
  const surname = prng.pick(names.surnames);
  const noun = prng.pick(category.nouns);
  const localNouns = names.localNouns?.[category.kind];
  const isFirm = category.kind === 'pro' || category.kind === 'home' || category.kind === 'health';
  const template = prng.weighted([
    language === 'en' ? 26 : 8, // possessive
    14, // city + category
    18, // the adjective noun
    14, // surname noun
    isFirm ? 16 : 2, // partners
    10, // adjective noun
    localNouns ? 30 : 0, // local word + surname
  ]);
  switch (template) {
    case 0:
      return `${surname}'s ${noun}`;
    case 1:
      return `${city.name} ${titleCase(category.name)}`;
    case 2:
      return `The ${prng.pick(ADJECTIVES)} ${noun}`;
    case 3:
      return `${surname} ${noun}`;
    case 4: {
      let partner = prng.pick(names.surnames);
      if (partner === surname) partner = prng.pick(names.surnames);
      return prng.chance(0.5) ? `${surname} & ${partner}` : `${surname} & ${partner} ${noun}`;
    }
    case 5:
      return `${prng.pick(ADJECTIVES)} ${noun}`;
    default: {
      const word = prng.pick(localNouns!);
      return word === 'Chez' ? `Chez ${surname}` : `${word} ${surname}`;
    }
  }
}
