import { useQuery } from '@tanstack/react-query';
import { advertisementsQuery } from '../api/queries.ts';
import { useApi } from '../lib/use-api.ts';

/**
 * An advertisement slot (spec: 300x250). The ad HTML runs in a sandboxed srcdoc iframe with scripts
 * but WITHOUT allow-same-origin, so it cannot read the site's cookies or DOM; popups open outside.
 */
export function AdSlot({ slot }: { slot: `ad${1 | 2 | 3 | 4 | 5 | 6 | 7}` }) {
  const api = useApi();
  const { data, isPending } = useQuery(advertisementsQuery(api));
  const html = data?.[slot];
  if (isPending) {
    return (
      <div className="ad-slot ad-loading" data-ad-slot={slot} aria-hidden="true">
        <span>Loading advertisement...</span>
      </div>
    );
  }
  if (!html) {
    return (
      <div className="ad-slot ad-empty" data-ad-slot={slot}>
        <span>Advertisement {slot}</span>
      </div>
    );
  }
  return (
    <div className="ad-slot" data-ad-slot={slot}>
      <iframe
        title={`Advertisement ${slot}`}
        srcDoc={html}
        width={300}
        height={250}
        sandbox="allow-scripts allow-popups allow-popups-to-escape-sandbox"
        loading="lazy"
        referrerPolicy="no-referrer"
      />
    </div>
  );
}
