/**
 * The top bar's 'Ara...' box (admin-side §2 shell): jumps to the business list searched by name
 * (/admin/businesses?filter=<text>), where the list's own search box takes the text over.
 */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { defineMessages, useMessages } from '../i18n/language.tsx';

const messages = defineMessages({ label: 'İşletme ara', placeholder: 'Ara...' }, { label: 'Search businesses', placeholder: 'Search...' });

export function TopBarSearch() {
  const t = useMessages(messages);
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const filter = text.trim();
    navigate(filter ? `/admin/businesses?${new URLSearchParams({ filter })}` : '/admin/businesses');
    setText('');
  };
  return (
    <form role="search" className="admin-topbar-search" onSubmit={submit}>
      <input type="search" aria-label={t.label} placeholder={t.placeholder} value={text} maxLength={200} onChange={(event) => setText(event.target.value)} />
    </form>
  );
}
