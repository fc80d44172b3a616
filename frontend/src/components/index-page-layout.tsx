import type { ReactNode } from 'react';
import type { useIndexPaging } from '../hooks/use-index-paging.ts';
import { SITE_NAME, useSeo } from '../lib/render-context.tsx';
import { itemList } from '../lib/seo.ts';
import { FilterBox } from './filter-box.tsx';
import { LetterBar, letterPath } from './letter-bar.tsx';
import { PageHeader } from './page-header.tsx';
import { StatTiles } from './stat-tiles.tsx';

/**
 * One index: its path, what it says around its list (the line under its title, its filter box, its A-Z bar
 * if it has letter pages) and the link of an item (for the JSON-LD list).
 */
export interface IndexDefinition<T> {
  base: string;
  intro: string;
  filter: { label: string; placeholder: string };
  letterBarLabel?: string;
  linkOf: (item: T) => { name: string; path: string };
}

/**
 * The frame of the category, country and city indexes: the head tags (a filtered or later page names
 * itself canonical, its items are the JSON-LD list), title, stat tiles, the A-Z bar, the filter box (with
 * `tools` beside it), then `children` (the results, an ad).
 */
export function IndexPageLayout<T>({ index, listing, title, seo, stats, tools, children }: {
  index: IndexDefinition<T>;
  /** The list as shown: this page of it, and the letter it is of (on a letter page). */
  listing: { paging: ReturnType<typeof useIndexPaging<T>>; letter?: string };
  title: string;
  /** `title`: the page's title when it is not the heading ("Countries"); the JSON-LD list has the same name. */
  seo: { title?: string; description: string };
  stats: Array<{ value: number; label: string }>;
  tools?: ReactNode;
  children: ReactNode;
}) {
  const { paging, letter } = listing;
  const name = seo.title ?? title;
  useSeo({
    title: `${name} | ${SITE_NAME}`,
    description: seo.description,
    canonicalPath: `${letter ? letterPath(index.base, letter) : index.base}${paging.canonicalQuery}`,
    jsonLd: [itemList(paging.pageItems.map(index.linkOf), name)],
  });
  return (
    <div className="container section">
      <PageHeader title={title} intro={index.intro} />
      <StatTiles stats={stats} />
      {index.letterBarLabel && <LetterBar base={index.base} active={letter} label={index.letterBarLabel} />}
      <div className="toolbar">
        <FilterBox label={index.filter.label} placeholder={index.filter.placeholder} value={paging.filter} onChange={paging.setFilter} />
        {tools}
      </div>
      {children}
    </div>
  );
}
