/** Builds the <head> tags and fills the HTML template around the server-rendered app. */
import { escapeHtml } from '../../common/html.ts';
import { encodedPath, type HeadData } from '../src/lib/render-context.tsx';

export interface SiteMarkup {
  headTags: string;
  /** The operator's analytics snippet: last in the head, after every tag of the page and head_tags. */
  headEnd: string;
  bodyStart: string;
  bodyEnd: string;
}

/** JSON inside <script>: no '</script>' or '<!--' can close or confuse the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

const URL_KEYS = new Set(['url', 'item', '@id', 'target', 'image']);

/** JSON-LD is written with site paths; crawlers need absolute URLs on the public origin. */
export function absolutize(value: unknown, publicUrl: string): unknown {
  if (Array.isArray(value)) return value.map((entry) => absolutize(entry, publicUrl));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, entry]) => [
        key,
        URL_KEYS.has(key) && typeof entry === 'string' && entry.startsWith('/') ? publicUrl + encodedPath(entry) : absolutize(entry, publicUrl),
      ]),
    );
  }
  return value;
}

export function headTags(head: HeadData | undefined, publicUrl: string): string {
  const title = head?.title ?? 'Business Directory';
  const description = head?.description ?? 'Find local businesses worldwide.';
  // No head at all (a render that failed early) still names the home page; a page without a canonical path names none.
  const canonical = head ? (head.canonicalPath === undefined ? null : publicUrl + encodedPath(head.canonicalPath)) : `${publicUrl}/`;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    ...(canonical ? [`<link rel="canonical" href="${escapeHtml(canonical)}" />`] : []),
    `<meta property="og:site_name" content="Business Directory" />`,
    `<meta property="og:type" content="${escapeHtml(head?.ogType ?? 'website')}" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    ...(canonical ? [`<meta property="og:url" content="${escapeHtml(canonical)}" />`] : []),
    `<meta name="twitter:card" content="summary" />`,
  ];
  if (head?.image) tags.push(`<meta property="og:image" content="${escapeHtml(head.image)}" />`);
  if (head?.noindex) tags.push('<meta name="robots" content="noindex, follow" />');
  for (const entry of head?.jsonLd ?? []) {
    tags.push(`<script type="application/ld+json">${scriptJson(absolutize(entry, publicUrl))}</script>`);
  }
  return tags.join('\n    ');
}

export function fillTemplate(template: string, parts: { head: string; html: string; state: unknown; markup: SiteMarkup; viewer?: 'visitor' | 'admin' }): string {
  // The template's own </head> is replaced first, before any operator markup (which may contain the text) is in.
  return template
    .replace('<html lang="en">', () => (parts.viewer === 'admin' ? '<html lang="en" data-viewer="admin">' : '<html lang="en">'))
    .replace('</head>', () => `${parts.markup.headEnd}\n  </head>`)
    .replace('<!--app-head-->', () => `${parts.head}\n    ${parts.markup.headTags}`)
    .replace('<!--app-body-start-->', () => parts.markup.bodyStart)
    .replace('<!--app-html-->', () => parts.html)
    .replace('<!--app-state-->', () => `<script type="application/json" id="__QUERY_STATE__">${scriptJson(parts.state)}</script>`)
    .replace('<!--app-body-end-->', () => parts.markup.bodyEnd);
}
