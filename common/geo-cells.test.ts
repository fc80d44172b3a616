import assert from 'node:assert/strict';
import { test } from 'vitest';
import { cellBlock, coveredMeters, distanceMeters, geoCellsOf, geohash } from './geo-cells.ts';

test('geohash matches the published reference values', () => {
  assert.equal(geohash(57.64911, 10.40744, 11), 'u4pruydqqvj');
  assert.equal(geohash(42.6, -5.6, 5), 'ezs42');
  assert.equal(geohash(-25.382708, -49.265506, 7), '6gkzwgj');
  assert.deepEqual(geoCellsOf(57.64911, 10.40744), ['u4', 'u4p', 'u4pr', 'u4pru', 'u4pruy', 'u4pruyd']);
});

test('a block is the cell of the point and its eight neighbours, and holds every place within one cell', () => {
  const block = cellBlock(52.52, 13.405, 5);
  assert.equal(block.length, 9);
  assert.ok(block.includes(geohash(52.52, 13.405, 5)));
  // A cell at precision 5 is ~0.044 degrees each way: anything closer than that is in the block.
  for (const [dLat, dLng] of [[0.04, 0], [-0.04, 0], [0, 0.04], [0, -0.04], [0.04, 0.04], [-0.04, -0.04]]) {
    assert.ok(block.includes(geohash(52.52 + dLat, 13.405 + dLng, 5)), `${dLat},${dLng}`);
  }
  assert.ok(!block.includes(geohash(52.52 + 0.2, 13.405, 5)));
});

test('blocks wrap at the antimeridian and stop at the poles', () => {
  const east = cellBlock(0, 179.99, 4);
  assert.equal(east.length, 9);
  assert.ok(east.includes(geohash(0, -179.99, 4)), 'the cell across the antimeridian');
  assert.equal(cellBlock(89.99, 0, 4).length, 6);
});

test('distances in meters', () => {
  assert.equal(distanceMeters({ lat: 52.52, lng: 13.405 }, { lat: 52.52, lng: 13.405 }), 0);
  // Berlin - Hamburg is about 255 km as the crow flies.
  const berlinHamburg = distanceMeters({ lat: 52.52, lng: 13.405 }, { lat: 53.5511, lng: 9.9937 });
  assert.ok(berlinHamburg > 250_000 && berlinHamburg < 260_000, String(berlinHamburg));
});

test('wider blocks: (2 rings + 1) cells a side, never the same cell twice, and every place within the covered distance is inside', () => {
  assert.equal(cellBlock(10, 20, 4, 2).length, 25);
  assert.equal(cellBlock(10, 20, 2, 20).length, 32 * 32, 'a block wider than the world holds each cell once');
  // Random points, places at random bearings within coveredMeters: their cell is in the block.
  let seed = 7;
  const random = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
  for (let n = 0; n < 400; n++) {
    const lat = random() * 170 - 85;
    const lng = random() * 360 - 180;
    const precision = 2 + Math.floor(random() * 5);
    const rings = [1, 2, 4, 8][Math.floor(random() * 4)];
    const block = new Set(cellBlock(lat, lng, precision, rings));
    const covered = coveredMeters(lat, lng, precision, rings);
    for (let k = 0; k < 20; k++) {
      // A place d meters away on bearing b (spherical destination formula).
      const d = random() * covered * 0.999;
      const b = random() * 2 * Math.PI;
      const rad = Math.PI / 180;
      const delta = d / 6_371_000;
      const lat2 = Math.asin(Math.sin(lat * rad) * Math.cos(delta) + Math.cos(lat * rad) * Math.sin(delta) * Math.cos(b));
      const lng2 = lng * rad + Math.atan2(Math.sin(b) * Math.sin(delta) * Math.cos(lat * rad), Math.cos(delta) - Math.sin(lat * rad) * Math.sin(lat2));
      const place = { lat: lat2 / rad, lng: ((((lng2 / rad + 180) % 360) + 360) % 360) - 180 };
      assert.ok(Math.abs(distanceMeters({ lat, lng }, place) - d) < 2, 'the destination formula');
      assert.ok(block.has(geohash(place.lat, place.lng, precision)), `${lat},${lng} p${precision} r${rings}: ${place.lat},${place.lng} at ${Math.round(d)} m of ${Math.round(covered)} m`);
    }
  }
  assert.ok(coveredMeters(64.1, -21.9, 2, 8) > 1_400_000, 'far enough from Reykjavik to reach Ireland');
});
