/**
 * The edited copy of a set of code snippets (site settings, ad slots) beside the server's: what changed,
 * each snippet's size in UTF-8 bytes and whether one is over the limit. A newer server copy (another tab
 * saved, a refetch) replaces the form only while nothing is edited.
 */
import { useEffect, useState } from 'react';
import { utf8Length } from './code-editor.tsx';

export function useSnippetDraft<T extends Record<string, string>>(server: T, keys: readonly (keyof T & string)[], maxBytes: number) {
  const same = (a: T, b: T) => keys.every((key) => a[key] === b[key]);
  const [draft, setDraft] = useState<T>(server);
  const [base, setBase] = useState<T>(server);
  useEffect(() => {
    setDraft((current) => (same(current, base) ? server : current));
    setBase(server);
    // Only a new server copy moves the form; `base` is the copy it replaces.
  }, [server]);
  const sizes = Object.fromEntries(keys.map((key) => [key, utf8Length(draft[key])])) as Record<keyof T & string, number>;
  return {
    draft,
    setDraft,
    /** One snippet changed in the editor. */
    setSnippet: (key: keyof T & string, value: string) => setDraft((current) => ({ ...current, [key]: value })),
    dirty: !same(draft, server),
    sizes,
    tooLarge: keys.some((key) => sizes[key] > maxBytes),
  };
}
