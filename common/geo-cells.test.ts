import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cellBlock, distanceMeters, geoCellsOf, geohash } from './geo-cells.ts';

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
