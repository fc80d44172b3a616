import { useQuery } from '@tanstack/react-query';
import { advertisementsQuery } from '../api/queries.ts';
import { useApi } from '../lib/use-api.ts';
import { useViewer } from '../lib/viewer.tsx';

/**
 * An advertisement slot (spec: 300x250). The ad HTML runs in a sandboxed srcdoc iframe with scripts
 * but WITHOUT allow-same-origin, so it cannot read the site's cookies or DOM; popups open outside.
 * An empty slot shows its placeholder only to a signed-in admin (where an ad would go); visitors see
 * nothing (DESIGN §7).
 */
export function AdSlot({ slot }: { slot: `ad${1 | 2 | 3 | 4 | 5 | 6 | 7}` }) {
  const api = useApi();
  const viewer = useViewer();
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
    if (viewer !== 'admin') return null;
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
