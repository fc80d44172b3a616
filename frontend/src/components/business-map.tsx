import { useEffect, useRef, useState } from 'react';

interface BusinessMapProps {
  latitude: number;
  longitude: number;
  name: string;
  address?: string | null;
}

/**
 * Leaflet map, zoom 15, marker and popup; loaded only in the browser (dynamic import after mount),
 * so server HTML and first client render are the same placeholder. Tiles that cannot load (no
 * network) leave the grey map, the marker and the 'Open in Google Maps' link working.
 */
export function BusinessMap({ latitude, longitude, name, address }: BusinessMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let map: { remove(): void } | undefined;
    let cancelled = false;
    void (async () => {
      try {
        const [leaflet] = await Promise.all([loadWithRetry(() => import('leaflet')), loadWithRetry(() => import('leaflet/dist/leaflet.css'))]);
        const L = leaflet.default ?? leaflet;
        if (cancelled || !container.current) return;
        const instance = L.map(container.current, { scrollWheelZoom: false }).setView([latitude, longitude], 15);
        L.tileLayer('https://tile.openstreetmap.org/{z}/{x}/{y}.png', {
          maxZoom: 19,
          attribution: '&copy; OpenStreetMap contributors',
        }).addTo(instance);
        const icon = L.divIcon({ className: 'map-marker', html: '<span></span>', iconSize: [24, 24], iconAnchor: [12, 24], popupAnchor: [0, -22] });
        const popup = document.createElement('div');
        const title = document.createElement('strong');
        title.textContent = name;
        const line = document.createElement('div');
        line.textContent = address || 'Address not available';
        popup.append(title, line);
        // Narrow enough for a phone's map, and kept clear of the zoom buttons (top left) when it pans into view.
        const popupOptions = { maxWidth: Math.max(160, Math.min(260, container.current.clientWidth - 90)), autoPanPaddingTopLeft: L.point(52, 12), autoPanPaddingBottomRight: L.point(12, 12) };
        L.marker([latitude, longitude], { icon, title: name, alt: name }).addTo(instance).bindPopup(popup, popupOptions).openPopup();
        map = instance;
      } catch (error) {
        console.warn('Map could not load', error);
        if (!cancelled) setFailed(true);
      }
    })();
    return () => {
      cancelled = true;
      map?.remove();
    };
  }, [latitude, longitude, name, address]);
  return (
    <div className="map-frame">
      <div ref={container} className="map" role="region" aria-label={`Map showing ${name}`} data-testid="business-map" />
      {failed && <p className="muted">The map could not be loaded.</p>}
    </div>
  );
}

/** Spec §9: the map library load is retried up to 10 times at 100 ms intervals. */
async function loadWithRetry<T>(load: () => Promise<T>, attempts = 10): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      if (attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
