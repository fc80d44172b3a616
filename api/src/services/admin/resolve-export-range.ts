/**
 * The export dialog's date filter as instants: `from <= created_at < before`. Calendar ranges (today,
 * yesterday, this week, this month, custom days) are days of the admin's own time zone, computed here
 * from the IANA rules the runtime ships (Intl), so PostgreSQL's time zone database never has to know the
 * name; weeks start on Monday. last24hours and last7days are rolling windows that end at `now`.
 */
import type { ExportDateRange } from '../../../../common/api/admin.ts';

export interface ExportRange {
  from: Date;
  before: Date;
}

export interface ResolveExportRangeOptions {
  dateRange: ExportDateRange;
  /** YYYY-MM-DD, for 'custom' (both inclusive). */
  startDate?: string;
  endDate?: string;
  timeZone: string;
  now: Date;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Null for 'all' (no filter). */
export function resolveExportRange(options: ResolveExportRangeOptions): ExportRange | null {
  const { dateRange, timeZone } = options;
  const now = options.now.getTime();
  // The local calendar day of `now`, as a UTC midnight stand-in (only its y/m/d are used).
  const today = localDay(now, timeZone);
  const day = (offsetDays: number) => startOfLocalDay(today + offsetDays * DAY, timeZone);
  switch (dateRange) {
    case 'all':
      return null;
    case 'today':
      return span(day(0), day(1));
    case 'yesterday':
      return span(day(-1), day(0));
    case 'last24hours':
      return span(now - DAY, now + 1);
    case 'last7days':
      return span(now - 7 * DAY, now + 1);
    case 'thisweek': {
      const sinceMonday = (new Date(today).getUTCDay() + 6) % 7;
      return span(day(-sinceMonday), day(7 - sinceMonday));
    }
    case 'thismonth': {
      const date = new Date(today);
      const first = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
      const next = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
      return span(startOfLocalDay(first, timeZone), startOfLocalDay(next, timeZone));
    }
    case 'custom': {
      if (!options.startDate || !options.endDate) throw new Error('a custom range needs startDate and endDate');
      const start = Date.parse(`${options.startDate}T00:00:00Z`);
      const end = Date.parse(`${options.endDate}T00:00:00Z`);
      return span(startOfLocalDay(start, timeZone), startOfLocalDay(end + DAY, timeZone));
    }
  }
}

const span = (from: number, before: number): ExportRange => ({ from: new Date(from), before: new Date(before) });

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock of `instant` in `timeZone`, written as if it were UTC (milliseconds dropped). */
function wallClock(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
}

/** The local calendar day of `instant`, as the UTC midnight of the same date. */
function localDay(instant: number, timeZone: string): number {
  const wall = wallClock(instant, timeZone);
  return wall - (((wall % DAY) + DAY) % DAY);
}

/** The wall clock of the zone at `instant` minus the instant: +3 h in Istanbul. */
function offsetAt(instant: number, timeZone: string): number {
  return wallClock(instant, timeZone) - (instant - (((instant % 1000) + 1000) % 1000));
}

/**
 * The first instant of the local day whose date is `dayUtcMidnight`'s. Usually its local midnight; where
 * a DST change skips midnight (clocks jump 00:00 -> 01:00, as in Santiago or Beirut), the moment of the jump.
 */
export function startOfLocalDay(dayUtcMidnight: number, timeZone: string): number {
  let instant = dayUtcMidnight - offsetAt(dayUtcMidnight, timeZone);
  instant = dayUtcMidnight - offsetAt(instant, timeZone);
  if (localDay(instant, timeZone) === dayUtcMidnight && localDay(instant - 1000, timeZone) < dayUtcMidnight) return instant;
  // Midnight did not exist (or the guess landed past it): search the instant the local date turns.
  let low = instant - 3 * HOUR;
  let high = instant + 3 * HOUR;
  while (high - low > 1000) {
    const middle = low + Math.floor((high - low) / 2000) * 1000;
    if (localDay(middle, timeZone) >= dayUtcMidnight) high = middle;
    else low = middle;
  }
  return high;
}

/** `now` on the wall clock of `timeZone`, for file names: 20261127-203005. */
export function fileStamp(now: Date, timeZone: string): string {
  const wall = new Date(wallClock(now.getTime(), timeZone)).toISOString();
  return `${wall.slice(0, 10).replaceAll('-', '')}-${wall.slice(11, 19).replaceAll(':', '')}`;
}
