/**
 * Geohash cells: how search finds "nearest first" without Meilisearch's `_geo`. Meilisearch 1.21 keeps
 * every `_geo` point of an index in one serialised R-tree and rewrites it whole on every document update
 * (measured: 0.5-1.1 s per single change at 100,000 businesses, 6-13 s at 1,000,000), which alone broke
 * the "visible within 2 seconds" promise. Each business document carries instead the geohash cells that
 * contain it at a few precisions (plain filterable strings, updated incrementally like any facet); a
 * geo search narrows to the smallest block of cells around the visitor that surely holds the page's
 * nearest results and sorts those by distance itself (api/src/services/public/search-businesses.ts).
 */
const BASE32 = '0123456789bcdefghjkmnpqrstuvwxyz';
const EARTH_RADIUS_METERS = 6_371_000;

/**
 * Precisions stored on each document, coarse to fine. Cell sizes at the equator: 2 = 1,250 x 625 km,
 * 3 = 156 x 156 km, 4 = 39 x 20 km, 5 = 4.9 x 4.9 km, 6 = 1.2 x 0.6 km, 7 = 153 x 153 m.
 */
export const GEO_CELL_PRECISIONS = [2, 3, 4, 5, 6, 7] as const;

/** The geohash of a point at `precision` characters. */
export function geohash(lat: number, lng: number, precision: number): string {
  // Bits alternate longitude, latitude, ...; each halves that coordinate's interval [min, max).
  const ranges = [[-180, 180], [-90, 90]];
  const coordinates = [lng, lat];
  let hash = '';
  let value = 0;
  for (let bit = 0; hash.length < precision; bit++) {
    const range = ranges[bit % 2];
    const mid = (range[0] + range[1]) / 2;
    const upper = coordinates[bit % 2] >= mid;
    value = value * 2 + (upper ? 1 : 0);
    range[upper ? 0 : 1] = mid;
    if (bit % 5 === 4) {
      hash += BASE32[value];
      value = 0;
    }
  }
  return hash;
}

/** The cells of a point, one per stored precision (what a business document carries). */
export function geoCellsOf(lat: number, lng: number): string[] {
  return GEO_CELL_PRECISIONS.map((precision) => geohash(lat, lng, precision));
}

/** Width and height of a cell in degrees. */
function cellDegrees(precision: number): { lat: number; lng: number } {
  const bits = precision * 5;
  return { lat: 180 / 2 ** Math.floor(bits / 2), lng: 360 / 2 ** Math.ceil(bits / 2) };
}

/**
 * The cell holding the point and the `rings` rings of cells around it: a (2 rings + 1)-cell square, 3 x 3
 * by default (fewer rows at a pole; columns wrap at the antimeridian and never repeat). Every place
 * within `coveredMeters(lat, lng, precision, rings)` of the point lies in the block.
 */
export function cellBlock(lat: number, lng: number, precision: number, rings = 1): string[] {
  const size = cellDegrees(precision);
  const columns = Math.min(2 * rings + 1, Math.round(360 / size.lng));
  const cells = new Set<string>();
  for (let dLat = -rings; dLat <= rings; dLat++) {
    const cellLat = lat + dLat * size.lat;
    if (cellLat < -90 || cellLat > 90) continue;
    for (let column = 0; column < columns; column++) {
      const dLng = column - Math.min(rings, Math.floor(columns / 2));
      const cellLng = ((((lng + dLng * size.lng + 180) % 360) + 360) % 360) - 180;
      cells.add(geohash(cellLat, cellLng, precision));
    }
  }
  return [...cells];
}

/**
 * The distance around the point that its block (cellBlock with the same arguments) is sure to cover: the
 * point is at least `rings` cells from each edge. North-south that is rings x the cell's height. East-west
 * the same number of degrees of longitude, which shrink towards the poles: for two places at most
 * `highest` degrees from the equator, sin(d/2) >= cos(highest) sin(dLng/2), and a place within d of the
 * point is at most d further from the equator than the point; the largest d that fits is found by
 * bisection. A block spanning every longitude covers the north-south distance.
 */
export function coveredMeters(lat: number, lng: number, precision: number, rings = 1): number {
  const size = cellDegrees(precision);
  const rad = Math.PI / 180;
  const northSouth = rings * size.lat * rad * EARTH_RADIUS_METERS;
  if ((2 * rings + 1) * size.lng >= 360) return northSouth;
  const halfSpan = Math.sin((Math.min(180, rings * size.lng) * rad) / 2);
  const eastWest = (meters: number) => {
    const highest = Math.abs(lat) + meters / (rad * EARTH_RADIUS_METERS);
    return highest >= 90 ? 0 : 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.cos(highest * rad) * halfSpan));
  };
  let low = 0;
  let high = northSouth;
  if (eastWest(high) >= high) return high;
  for (let step = 0; step < 40; step++) {
    const mid = (low + high) / 2;
    if (eastWest(mid) >= mid) low = mid;
    else high = mid;
  }
  return low;
}

/** Great-circle distance in whole meters (haversine), as Meilisearch's _geoDistance reported it. */
export function distanceMeters(from: { lat: number; lng: number }, to: { lat: number; lng: number }): number {
  const rad = Math.PI / 180;
  const dLat = (to.lat - from.lat) * rad;
  const dLng = (to.lng - from.lng) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(from.lat * rad) * Math.cos(to.lat * rad) * Math.sin(dLng / 2) ** 2;
  return Math.round(2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(a))));
}
