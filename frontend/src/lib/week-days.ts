/** The days of the week as working hours name them, Monday first (as the page lists them). */
export const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** Files list the days in any order (and rows stored as jsonb came back reordered): the week from Monday. */
export function compareWeekdays(a: string, b: string): number {
  return dayIndex(a) - dayIndex(b);
}

function dayIndex(day: string): number {
  const index = DAY_NAMES.findIndex((name) => name.toLowerCase() === day.toLowerCase());
  return index === -1 ? DAY_NAMES.length : index;
}
