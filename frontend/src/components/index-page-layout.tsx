import type { ReactNode } from 'react';
import type { useIndexPaging } from '../hooks/use-index-paging.ts';
import { FilterBox } from './filter-box.tsx';
import { LetterBar } from './letter-bar.tsx';
import { PageHeader } from './page-header.tsx';
import { StatTiles } from './stat-tiles.tsx';

/** What an index says around its list: the line under its title, its filter box, and its A-Z bar if it has letter pages. */
export interface IndexWording {
  intro: string;
  filter: { label: string; placeholder: string };
  letters?: { base: string; label: string };
}

/**
 * The frame of the category, country and city indexes: title, stat tiles, the A-Z bar, the filter box
 * (with `tools` beside it), then `children` (the results, an ad).
 */
export function IndexPageLayout({ wording, title, letter, stats, paging, tools, children }: {
  wording: IndexWording;
  title: string;
  letter?: string;
  stats: Array<{ value: number; label: string }>;
  paging: Pick<ReturnType<typeof useIndexPaging<unknown>>, 'filter' | 'setFilter'>;
  tools?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="container section">
      <PageHeader title={title} intro={wording.intro} />
      <StatTiles stats={stats} />
      {wording.letters && <LetterBar base={wording.letters.base} active={letter} label={wording.letters.label} />}
      <div className="toolbar">
        <FilterBox label={wording.filter.label} placeholder={wording.filter.placeholder} value={paging.filter} onChange={paging.setFilter} />
        {tools}
      </div>
      {children}
    </div>
  );
}
