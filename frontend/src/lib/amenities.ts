/** About field: plain text, or JSON of group -> feature -> boolean | text (spec §2/§3). */
export type AmenityGroups = Record<string, Record<string, boolean | string>>;

export function parseAbout(about: unknown): { text: string | null; groups: AmenityGroups | null } {
  if (!about) return { text: null, groups: null };
  if (typeof about === 'object') return { text: null, groups: about as AmenityGroups };
  const value = String(about).trim();
  if (!value.startsWith('{')) return { text: value, groups: null };
  try {
    const parsed = JSON.parse(value) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return { text: null, groups: parsed as AmenityGroups };
  } catch {
    // A broken JSON about is not shown as text either (it starts with '{').
  }
  return { text: null, groups: null };
}

/** The items of a group a visitor sees: true or non-boolean values. */
export function visibleItems(group: Record<string, boolean | string>): [string, boolean | string][] {
  return Object.entries(group ?? {}).filter(([, value]) => value !== false && value !== null && value !== '');
}
