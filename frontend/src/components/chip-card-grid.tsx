import { Link } from 'react-router';

/** A grid of linked names with a figure each (a country's top cities, the home page's popular categories). */
export function ChipCardGrid({ chips }: { chips: Array<{ key: string; label: string; href: string; figure: string; title?: string }> }) {
  return (
    <ul className="chip-grid">
      {chips.map((chip) => (
        <li key={chip.key}>
          <Link to={chip.href} className="chip-card" title={chip.title}>
            <span>{chip.label}</span>
            <span className="muted">{chip.figure}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
