import { useEffect, useRef, useState } from 'react';
import type { BusinessDetail } from '../../../../common/api/public.ts';
import { Icon } from '../icons.tsx';

/** The business's photo with its Verified badge, or a building icon when there is none or it fails to load. */
export function BusinessPhoto({ business }: { business: BusinessDetail }) {
  const [broken, setBroken] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // An image that failed before hydration fired onError too early for React to see it.
    if (image.current?.complete && image.current.naturalWidth === 0) setBroken(true);
  }, []);
  return (
    <div className="business-photo">
      {business.photo && !broken ? (
        <img ref={image} src={business.photo} alt={business.name} onError={() => setBroken(true)} width={640} height={360} />
      ) : (
        <div className="photo-fallback" role="img" aria-label={business.photo ? 'Image not available' : `No photo of ${business.name}`}>
          <Icon name="building" size={72} />
        </div>
      )}
      {business.verified && <span className="badge badge-verified">✓ Verified</span>}
    </div>
  );
}
