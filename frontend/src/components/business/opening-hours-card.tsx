import { hoursText } from '../../lib/format.ts';
import { compareWeekdays } from '../../lib/week-days.ts';

/** Opening Hours, the week from Monday whatever order the file gave the days in. */
export function OpeningHoursCard({ hours }: { hours: Record<string, string> }) {
  return (
    <section className="card" aria-labelledby="hours-heading">
      <h2 id="hours-heading">Opening Hours</h2>
      <dl className="hours">
        {Object.entries(hours)
          .sort(([a], [b]) => compareWeekdays(a, b))
          .map(([day, text]) => (
          <div key={day}>
            <dt>{day}</dt>
            <dd>{hoursText(String(text))}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
