/**
 * The category filter: a searchable combobox over EVERY category of GET /api/admin/categories. Before
 * typing it shows the first FIRST_SHOWN categories (spec §2); typing searches them all (any part of the
 * name, accents ignored), at most MAX_SHOWN matches drawn at once. Arrows move, Enter picks, Escape
 * closes, Tab closes it and moves on to the next control.
 */
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useFormat } from '../i18n/format.ts';
import { useMessages } from '../i18n/language.tsx';
import { businessMessages } from './messages.ts';

/** Spec §2: the dropdown shows the first 20 categories. */
export const FIRST_SHOWN = 20;
const MAX_SHOWN = 50;

const fold = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLocaleLowerCase('en');

export interface CategoryOption {
  category: string;
  count: number;
}

export function CategoryCombobox({ value, options, onChange, loading }: { value: string; options: CategoryOption[]; onChange(category: string): void; loading: boolean }) {
  const t = useMessages(businessMessages);
  const format = useFormat();
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);

  const matches = useMemo(() => {
    const needle = fold(text.trim());
    return needle ? options.filter((option) => fold(option.category).includes(needle)) : options;
  }, [options, text]);
  const limit = text.trim() ? MAX_SHOWN : FIRST_SHOWN;
  const shown = matches.slice(0, limit);
  // Option 0 is "all categories"; the matches follow.
  const choices: Array<CategoryOption | null> = [null, ...shown];

  const pick = (choice: CategoryOption | null) => {
    onChange(choice?.category ?? '');
    setText('');
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open) setOpen(true);
      else setActive((index) => Math.min(index + 1, choices.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => Math.max(index - 1, 0));
    } else if (event.key === 'Enter') {
      if (open) {
        event.preventDefault();
        pick(choices[active] ?? null);
      }
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
        setText('');
      }
    }
  };

  return (
    <div className="biz-combobox">
      <label className="admin-field">
        <span>{t.filters.category}</span>
        <input
          ref={inputRef}
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open ? `${id}-option-${active}` : undefined}
          autoComplete="off"
          placeholder={value || t.filters.categoryPlaceholder}
          value={open ? text : value || ''}
          onFocus={() => {
            setOpen(true);
            setActive(0);
          }}
          onClick={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            setText('');
          }}
          onChange={(event) => {
            setText(event.target.value);
            setActive(event.target.value ? 1 : 0);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
        />
      </label>
      {value ? (
        <button type="button" className="admin-icon-button biz-combobox-clear" aria-label={t.filters.categoryClear} onClick={() => pick(null)}>
          ×
        </button>
      ) : null}
      {/* tabIndex -1: chromium makes a scrolling box a Tab stop of its own, and Tab from the input would land
          on it just as the input's blur hides it (focus then falls to <body>). The input drives the list. */}
      <div className="biz-combobox-popup" hidden={!open} tabIndex={-1}>
      <ul id={listId} role="listbox" aria-label={t.filters.category} className="biz-combobox-list">
        {choices.map((choice, index) => (
          <li
            key={choice?.category ?? ''}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={(choice?.category ?? '') === value}
            className={index === active ? 'is-active' : undefined}
            // mousedown, not click: the input's blur would close the list before the click lands.
            onMouseDown={(event) => {
              event.preventDefault();
              pick(choice);
            }}
            onMouseEnter={() => setActive(index)}
          >
            <span>{choice ? choice.category : t.filters.allCategories}</span>
            {choice ? <span className="admin-muted">{format.number(choice.count)}</span> : null}
          </li>
        ))}
      </ul>
      {loading ? null : matches.length === 0 ? <p className="biz-combobox-note">{t.filters.categoryNone}</p> : null}
      {matches.length > limit ? <p className="biz-combobox-note">{t.filters.categoryMore(format.number(matches.length - limit))}</p> : null}
      </div>
    </div>
  );
}
