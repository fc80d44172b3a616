/**
 * Weekly opening hours in the shape Google-Maps exports use: weekday -> "9AM-5PM", split shifts
 * "8AM-12PM,1-6PM", "Closed" or "Open 24 hours". Each kind of business has its own typical week.
 */
import type { Prng } from './prng.ts';
import type { Kind } from './reference/categories.ts';

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export const CLOSED = 'Closed';
export const OPEN_24_HOURS = 'Open 24 hours';

type Shift = [start: number, end: number];
/** Per weekday (Monday first): null = closed, otherwise one or two shifts in hours (17.5 = 5:30PM, 25 = 1AM). */
type Week = Array<Shift[] | null>;

/** "9AM", "5:30PM", "12PM" (noon), "12AM" (midnight). */
function formatTime(hours: number): string {
  const minutes = Math.round((hours % 24) * 60);
  const hour24 = Math.floor(minutes / 60);
  const minute = minutes % 60;
  const hour12 = hour24 % 12 === 0 ? 12 : hour24 % 12;
  return `${hour12}${minute ? `:${String(minute).padStart(2, '0')}` : ''}${hour24 < 12 ? 'AM' : 'PM'}`;
}

/** "9AM-5PM", and "1-6PM" when both ends share AM/PM, as Google writes them. */
export function formatShift([start, end]: Shift): string {
  const from = formatTime(start);
  const to = formatTime(end);
  const sameHalf = end < 24 && (start < 12) === (end % 24 < 12) && end > start;
  return sameHalf ? `${from.slice(0, -2)}-${to}` : `${from}-${to}`;
}

const half = (prng: Prng, from: number, to: number) => from + prng.int(0, Math.round((to - from) * 2)) / 2;

function everyDay(shifts: Shift[] | null): Week {
  return WEEKDAYS.map(() => shifts);
}

function weekFor(prng: Prng, kind: Kind): Week {
  switch (kind) {
    case 'food': {
      const split = prng.chance(0.45);
      const lunch: Shift = [half(prng, 11, 12), half(prng, 14, 15)];
      const dinnerEnd = half(prng, 21.5, 23);
      const week: Week = everyDay(split ? [lunch, [half(prng, 17, 18.5), dinnerEnd]] : [[lunch[0], dinnerEnd]]);
      week[4] = week[5] = split ? [lunch, [week[4]![1][0], dinnerEnd + 1]] : [[lunch[0], dinnerEnd + 1]];
      if (prng.chance(0.4)) week[0] = null;
      if (prng.chance(0.2)) week[6] = null;
      return week;
    }
    case 'cafe': {
      const week = everyDay([[half(prng, 6.5, 8), half(prng, 17, 19)]]);
      week[5] = [[half(prng, 7.5, 9), half(prng, 16, 18)]];
      week[6] = prng.chance(0.3) ? null : [[half(prng, 8, 10), half(prng, 14, 17)]];
      return week;
    }
    case 'bar': {
      const open = half(prng, 16, 18);
      const close = half(prng, 24, 25);
      const week = everyDay([[open, close]]);
      week[4] = week[5] = [[open, close + half(prng, 1, 2)]];
      if (prng.chance(0.4)) week[6] = null;
      if (prng.chance(0.4)) week[0] = null;
      return week;
    }
    case 'shop': {
      const week = everyDay([[half(prng, 8, 10), half(prng, 18, 20)]]);
      week[5] = [[half(prng, 8, 10), half(prng, 16, 18)]];
      week[6] = prng.chance(0.6) ? null : [[half(prng, 10, 12), half(prng, 16, 18)]];
      return week;
    }
    case 'beauty': {
      const week = everyDay([[half(prng, 8.5, 10), half(prng, 18, 19)]]);
      week[3] = [[week[3]![0][0], 20]];
      week[5] = [[half(prng, 8, 9), half(prng, 14, 16)]];
      week[6] = null;
      if (prng.chance(0.6)) week[0] = null;
      return week;
    }
    case 'health': {
      const split = prng.chance(0.35);
      const day: Shift[] = split ? [[half(prng, 7.5, 8.5), 12], [half(prng, 13, 14), half(prng, 17, 18.5)]] : [[half(prng, 7.5, 9), half(prng, 16.5, 18.5)]];
      const week = everyDay(day);
      week[5] = prng.chance(0.5) ? [[9, 12]] : null;
      week[6] = null;
      return week;
    }
    case 'auto': {
      const week = everyDay([[half(prng, 7, 8), half(prng, 17, 18.5)]]);
      week[5] = prng.chance(0.5) ? [[8, half(prng, 12, 14)]] : null;
      week[6] = null;
      return week;
    }
    case 'fitness': {
      const week = everyDay([[half(prng, 5.5, 7), half(prng, 21, 23)]]);
      week[5] = week[6] = [[half(prng, 7, 9), half(prng, 18, 21)]];
      return week;
    }
    case 'home':
    case 'pro': {
      const split = prng.chance(0.2);
      const week = everyDay(split ? [[8, 12], [13.5, 17.5]] : [[half(prng, 8, 9.5), half(prng, 16.5, 18)]]);
      week[5] = kind === 'home' && prng.chance(0.3) ? [[8, 12]] : null;
      week[6] = null;
      return week;
    }
    case 'edu': {
      const evening = prng.chance(0.3);
      const week = everyDay([evening ? [half(prng, 13, 15), half(prng, 20, 21.5)] : [half(prng, 7.5, 9), half(prng, 15.5, 18)]]);
      week[5] = prng.chance(0.3) ? [[9, 13]] : null;
      week[6] = null;
      return week;
    }
    case 'fun': {
      const week = everyDay([[half(prng, 9, 11), half(prng, 17, 19)]]);
      if (prng.chance(0.5)) week[0] = null;
      week[3] = [[week[3]![0][0], 21]];
      return week;
    }
    case 'hotel':
      return everyDay([[0, 24]]);
  }
}

/** A typical week for this kind of business ("Open 24 hours" every day for a share `open24`). */
export function generateWorkingHours(prng: Prng, kind: Kind, open24: number): Record<string, string> {
  const hours: Record<string, string> = {};
  if (kind === 'hotel' || prng.chance(open24)) {
    for (const day of WEEKDAYS) hours[day] = OPEN_24_HOURS;
    return hours;
  }
  const week = weekFor(prng, kind);
  WEEKDAYS.forEach((day, index) => {
    const shifts = week[index];
    hours[day] = shifts ? shifts.map(formatShift).join(',') : CLOSED;
  });
  return hours;
}
