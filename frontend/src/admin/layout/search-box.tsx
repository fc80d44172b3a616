/** The top bar's 'Ara...' box: a business name, Enter, and the businesses screen filtered by it. */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useMessages } from '../i18n/language.tsx';
import { shellMessages } from './shell-messages.ts';

export function SearchBox() {
  const t = useMessages(shellMessages).search;
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const filter = text.trim();
    if (!filter) return;
    navigate(`/admin/businesses?${new URLSearchParams({ filter })}`);
  };
  return (
    <form role="search" className="admin-search" onSubmit={submit} aria-label={t.label}>
      <input type="search" className="admin-input admin-search-input" aria-label={t.label} placeholder={t.placeholder} value={text} onChange={(event) => setText(event.target.value)} enterKeyHint="search" />
    </form>
  );
}
