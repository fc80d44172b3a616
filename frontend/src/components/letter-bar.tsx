import { Link } from 'react-router';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');

/** A-Z links to `${base}/{letter}`, plus 'All' when a letter is active (or always, if asked). */
export function LetterBar({ base, active, showAll, label }: { base: string; active?: string; showAll?: boolean; label: string }) {
  return (
    <nav className="letter-bar" aria-label={label}>
      {(showAll || active) && (
        <Link to={base} className={!active ? 'letter active' : 'letter'}>
          All
        </Link>
      )}
      {LETTERS.map((letter) => (
        <Link
          key={letter}
          to={`${base}/${letter.toLowerCase()}`}
          className={active === letter ? 'letter active' : 'letter'}
          aria-current={active === letter ? 'page' : undefined}
        >
          {letter}
        </Link>
      ))}
    </nav>
  );
}
