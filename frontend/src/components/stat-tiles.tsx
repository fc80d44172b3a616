import { formatInt } from '../lib/format.ts';

/**
 * Figures with their nouns, at the top of the index and detail pages. `one` is the label for a figure of
 * exactly 1 ("1 Business", not "1 Businesses"); without it the label stays as it is ("1 Countries" on an
 * index is the name of the tile, not a count in words).
 */
export function StatTiles({ stats }: { stats: Array<{ value: number; label: string; one?: string }> }) {
  return (
    <div className="stat-tiles">
      {stats.map((stat) => (
        <div className="stat" key={stat.label}>
          <strong>{formatInt(stat.value)}</strong>
          <span>{stat.value === 1 && stat.one ? stat.one : stat.label}</span>
        </div>
      ))}
    </div>
  );
}
