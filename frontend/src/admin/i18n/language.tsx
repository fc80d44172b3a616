/**
 * The panel's language: Turkish (the spec's texts, exactly as it writes them) or English, switched in the
 * top bar and remembered in this browser. Each screen keeps its own texts beside it (`messages.ts`,
 * `defineMessages(tr, en)`) and reads them with `useMessages`: the English object must have every key
 * of the Turkish one, so a text cannot be forgotten in one language.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

export type Language = 'tr' | 'en';
export const LANGUAGES: readonly Language[] = ['tr', 'en'];
const STORAGE_KEY = 'admin.language';

/** The locale numbers and dates are written in for each language. */
export const LOCALES: Record<Language, string> = { tr: 'tr-TR', en: 'en-GB' };

interface LanguageState {
  language: Language;
  setLanguage(language: Language): void;
}

const LanguageContext = createContext<LanguageState>({ language: 'tr', setLanguage: () => {} });

function storedLanguage(): Language {
  try {
    const value = window.localStorage.getItem(STORAGE_KEY);
    return value === 'en' ? 'en' : 'tr';
  } catch {
    return 'tr';
  }
}

export function LanguageProvider({ children }: { children: ReactNode }) {
  const [language, setState] = useState<Language>(storedLanguage);
  const setLanguage = useCallback((next: Language) => {
    setState(next);
    try {
      window.localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Private mode without storage: the choice lasts for this page only.
    }
  }, []);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  const value = useMemo(() => ({ language, setLanguage }), [language, setLanguage]);
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

export function useLanguage(): LanguageState {
  return useContext(LanguageContext);
}

/** Widens literal types so the English object is checked against the Turkish one's shape, not its texts. */
type Widen<T> = T extends string
  ? string
  : T extends (...args: infer A) => string
    ? (...args: A) => string
    : T extends Record<string, unknown>
      ? { [K in keyof T]: Widen<T[K]> }
      : T;

export interface MessageSet<T> {
  tr: Widen<T>;
  en: Widen<T>;
}

/** One screen's texts in both languages: `en` must have exactly the keys (and argument lists) of `tr`. */
export function defineMessages<const T>(tr: T, en: Widen<T>): MessageSet<T> {
  return { tr: tr as Widen<T>, en };
}

/** The texts of `set` in the chosen language. */
export function useMessages<T>(set: MessageSet<T>): Widen<T> {
  return set[useLanguage().language];
}
