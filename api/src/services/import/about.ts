/**
 * `about` as Outscraper writes it (a JSON object group -> { feature: true | false | "text" }), as gosom writes
 * it (a list of groups with options [{ name, enabled }]; a repeated option keeps its last value), or plain
 * text. `false` is kept (it means "Google says no"); null features are dropped; {} and [] are missing.
 */
import { JsonText } from '../../../../common/business.ts';
import { isCleanAboutJson } from './json-scan.ts';

export type About = Record<string, Record<string, boolean | string>> | string;

/** The longest plain-text about kept; a longer one is cut. */
export const MAX_ABOUT_TEXT = 5000;

const ODD_SPACES = /[\u202f\u00a0]/;

/** True when a parsed group is already clean (the usual case): it is then kept as parsed, not copied. */
function isCleanGroup(value: unknown): value is Record<string, boolean | string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  let count = 0;
  for (const key in value as Record<string, unknown>) {
    const item = (value as Record<string, unknown>)[key];
    if (typeof item === 'boolean') count++;
    else if (typeof item === 'string' && item.trim() === item && item !== '' && !ODD_SPACES.test(item)) count++;
    else return false;
  }
  return count > 0;
}

function group(value: unknown): Record<string, boolean | string> | null {
  if (isCleanGroup(value)) return value;
  const out: Record<string, boolean | string> = {};
  if (Array.isArray(value)) {
    for (const item of value) {
      if (typeof item === 'string' && item.trim()) out[item.trim()] = true;
      else if (item && typeof item === 'object') {
        const { name, enabled } = item as { name?: unknown; enabled?: unknown };
        if (typeof name === 'string' && name.trim()) out[name.trim()] = typeof enabled === 'boolean' ? enabled : true;
      }
    }
  } else if (value && typeof value === 'object') {
    for (const [feature, raw] of Object.entries(value as Record<string, unknown>)) {
      if (typeof raw === 'boolean') out[feature] = raw;
      else if (typeof raw === 'string' && raw.trim()) out[feature] = raw.replace(/[\u202f\u00a0]/g, ' ').trim();
      else if (typeof raw === 'number') out[feature] = String(raw);
    }
  }
  return Object.keys(out).length ? out : null;
}

/**
 * An about cell, parsed and cleaned; a cell already in the clean shape (the usual Outscraper cell) is
 * returned as its checked JSON text instead, for the writer to send as it is.
 */
export function readAboutCell(text: string | undefined): About | JsonText | null {
  if (!text) return null;
  const trimmed = text.trim();
  if (!trimmed) return null;
  if (trimmed[0] === '{' && isCleanAboutJson(trimmed)) return new JsonText(trimmed);
  if (trimmed[0] === '{' || trimmed[0] === '[') {
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch {
      return trimmed.slice(0, MAX_ABOUT_TEXT);
    }
    const out: Record<string, Record<string, boolean | string>> = {};
    if (Array.isArray(value)) {
      for (const item of value) {
        if (!item || typeof item !== 'object') continue;
        const { name, id, options } = item as { name?: unknown; id?: unknown; options?: unknown };
        const label = typeof name === 'string' && name.trim() ? name.trim() : typeof id === 'string' ? id : null;
        const features = group(options);
        if (label && features) out[label] = { ...(out[label] ?? {}), ...features };
      }
    } else if (value && typeof value === 'object') {
      const groups = value as Record<string, unknown>;
      let clean = true;
      for (const name in groups) if (!isCleanGroup(groups[name])) clean = false;
      if (clean) return Object.keys(groups).length ? (groups as Record<string, Record<string, boolean | string>>) : null;
      for (const [name, raw] of Object.entries(groups)) {
        if (typeof raw === 'boolean') out.Other = { ...(out.Other ?? {}), [name]: raw };
        else {
          const features = group(raw);
          if (features) out[name] = features;
        }
      }
    }
    return Object.keys(out).length ? out : null;
  }
  return trimmed.slice(0, MAX_ABOUT_TEXT);
}
