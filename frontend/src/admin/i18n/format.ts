/**
 * Numbers, sizes and dates written for the chosen language (Intl, no library): `useFormat()` in a
 * component. Times are shown in the browser's own time zone.
 */
import { useMemo } from 'react';
import { LOCALES, useLanguage, type Language } from './language.tsx';

export interface Formatters {
  /** 12.345 (tr) / 12,345 (en). */
  number(value: number, fractionDigits?: number): string;
  /** 719 B (tr) / 719K (en): a badge. */
  compact(value: number): string;
  /** %85 (tr) / 85% (en); `value` is a fraction (0.85). */
  percent(value: number, fractionDigits?: number): string;
  /** 1,5 MB: bytes in binary units. */
  bytes(value: number): string;
  /** 27.11.2026 (tr) / 27/11/2026 (en). */
  date(value: string | number | Date): string;
  /** 27.11.2026 21:07. */
  dateTime(value: string | number | Date): string;
  /** "3 dakika önce" / "3 minutes ago". */
  relative(value: string | number | Date, now?: number): string;
  /** 1 sa 5 dk / 1 h 5 min, 2 dk 5 sn / 2 min 5 sec, 45 sn / 45 sec: an uptime or a time left, in seconds. */
  duration(seconds: number): string;
  /** "Almanya (DE)" / "Germany (DE)": a country by its ISO code, named in the language; the code alone when unnamed. */
  country(code: string): string;
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

export function createFormatters(language: Language): Formatters {
  const locale = LOCALES[language];
  const integer = new Intl.NumberFormat(locale);
  const compact = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'short' });
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const toDate = (value: string | number | Date) => (value instanceof Date ? value : new Date(value));
  const regions = new Intl.DisplayNames([locale], { type: 'region' });
  return {
    country(code) {
      let name: string | undefined;
      try {
        name = regions.of(code);
      } catch {
        // Not a well-formed region code: the code as stored.
      }
      return name && name !== code ? `${name} (${code})` : code;
    },
    number: (value, fractionDigits) =>
      fractionDigits === undefined ? integer.format(value) : new Intl.NumberFormat(locale, { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }).format(value),
    compact: (value) => compact.format(value),
    percent: (value, fractionDigits = 0) => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: fractionDigits }).format(value),
    bytes(value) {
      let size = value;
      let unit = 0;
      while (size >= 1024 && unit < UNITS.length - 1) {
        size /= 1024;
        unit += 1;
      }
      return `${new Intl.NumberFormat(locale, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(size)} ${UNITS[unit]}`;
    },
    date: (value) => date.format(toDate(value)),
    dateTime: (value) => dateTime.format(toDate(value)),
    relative(value, now = Date.now()) {
      const seconds = Math.round((toDate(value).getTime() - now) / 1000);
      const abs = Math.abs(seconds);
      if (abs < 60) return relative.format(seconds, 'second');
      if (abs < 3600) return relative.format(Math.round(seconds / 60), 'minute');
      if (abs < 86_400) return relative.format(Math.round(seconds / 3600), 'hour');
      return relative.format(Math.round(seconds / 86_400), 'day');
    },
    duration(exact) {
      const seconds = Math.max(0, Math.round(exact));
      const days = Math.floor(seconds / 86_400);
      const hours = Math.floor((seconds % 86_400) / 3600);
      const minutes = Math.floor((seconds % 3600) / 60);
      const rest = seconds % 60;
      const unit = (value: number, name: 'day' | 'hour' | 'minute' | 'second') => new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
      if (days) return `${unit(days, 'day')} ${unit(hours, 'hour')}`;
      if (hours) return `${unit(hours, 'hour')} ${unit(minutes, 'minute')}`;
      // Under an hour the seconds count: an import's time left is often under a minute ('0 dk' said nothing).
      if (minutes) return rest ? `${unit(minutes, 'minute')} ${unit(rest, 'second')}` : unit(minutes, 'minute');
      return unit(rest, 'second');
    },
  };
}

export function useFormat(): Formatters {
  const { language } = useLanguage();
  return useMemo(() => createFormatters(language), [language]);
}
