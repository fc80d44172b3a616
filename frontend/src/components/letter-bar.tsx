import { Link } from 'react-router';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
/** Names that do not start with A-Z (other scripts, digits): 'Кофейня', '東京', '7-Eleven'. */
export const OTHER_LETTER = '#';

/** 'B' for /categories/b, '#' for /categories/%23; undefined for anything that is not a letter page. */
export function letterOfParam(param: string | undefined): string | undefined {
  if (!param) return undefined;
  if (param === OTHER_LETTER) return OTHER_LETTER;
  return /^[a-z]$/i.test(param) ? param.toUpperCase() : undefined;
}

/** The path of a letter page: /categories/b, /categories/%23. */
export function letterPath(base: string, letter: string): string {
  return `${base}/${letter === OTHER_LETTER ? encodeURIComponent(OTHER_LETTER) : letter.toLowerCase()}`;
}

/** "beginning with B", or "not beginning with A-Z" for the other-scripts page. */
export function beginningWith(letter: string): string {
  return letter === OTHER_LETTER ? 'in other scripts or starting with a digit' : `beginning with ${letter}`;
}

/**
 * A-Z links to `${base}/{letter}` and '#' for names in other scripts (without it those could be reached
 * only by paging the whole list), plus 'All' when a letter is active (or always, if asked).
 */
export function LetterBar({ base, active, showAll, label }: { base: string; active?: string; showAll?: boolean; label: string }) {
  return (
    <nav className="letter-bar" aria-label={label}>
      {(showAll || active) && (
        <Link to={base} className={!active ? 'letter active' : 'letter'}>
          All
        </Link>
      )}
      {[...LETTERS, OTHER_LETTER].map((letter) => (
        <Link
          key={letter}
          to={letterPath(base, letter)}
          className={active === letter ? 'letter active' : 'letter'}
          aria-current={active === letter ? 'page' : undefined}
          aria-label={letter === OTHER_LETTER ? 'Other scripts and digits' : undefined}
          title={letter === OTHER_LETTER ? 'Other scripts and digits' : undefined}
        >
          {letter}
        </Link>
      ))}
    </nav>
  );
}
