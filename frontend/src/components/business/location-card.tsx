import { lazy, Suspense } from 'react';
import { ClientOnly } from '../client-only.tsx';

const BusinessMap = lazy(() => import('../business-map.tsx').then((module) => ({ default: module.BusinessMap })));

/** Location: the map (in the browser only) and a Google Maps link, or a note that there is no location. */
export function LocationCard({ latitude, longitude, name, address }: { latitude: number | null; longitude: number | null; name: string; address: string | null }) {
  return (
    <section className="card" aria-labelledby="map-heading">
      <h2 id="map-heading">Location</h2>
      {latitude !== null && longitude !== null ? (
        <>
          <ClientOnly
            fallback={
              // Without scripts the map never comes: say so instead of "Loading map..." for good.
              <div className="map map-placeholder">
                <span className="js-only">Loading map...</span>
                <noscript>The map needs JavaScript: use the Google Maps link below.</noscript>
              </div>
            }
          >
            <Suspense fallback={<div className="map map-placeholder">Loading map...</div>}>
              <BusinessMap latitude={latitude} longitude={longitude} name={name} address={address} />
            </Suspense>
          </ClientOnly>
          <a href={`https://www.google.com/maps?q=${latitude},${longitude}`} target="_blank" rel="noopener noreferrer">
            Open in Google Maps
          </a>
        </>
      ) : (
        <p className="muted">Location not available</p>
      )}
    </section>
  );
}
