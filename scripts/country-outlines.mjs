/**
 * Writes server/features/listings/country-outlines.json: the outline of each country of the
 * listing form (common/locations.ts), which the server checks a listing's map point against
 * (server/features/listings/country-outlines.ts). Each is a MultiPolygon as plain arrays:
 * polygons, of rings (the first the outline, any others its holes), of [longitude, latitude]
 * pairs rounded to 4 decimals (about 11 m, far below the check's 2 km tolerance).
 *
 * The packages it reads are not the project's: install them in a scratch directory, then run
 *
 *   npm install --prefix /tmp/outlines world-atlas us-atlas topojson-client
 *   OUTLINES_MODULES=/tmp/outlines node scripts/country-outlines.mjs
 *
 * (OUTLINES_MODULES defaults to /tmp/outlines; NODE_PATH=/tmp/outlines/node_modules works too.)
 *
 * Data and licences: Ghana, Jamaica and the Dominican Republic are Natural Earth's 1:10m Admin 0
 * countries (public domain) from world-atlas 2 (ISC). Not its 1:50m ones: their coast runs in
 * chords tens of kilometres long, which leave Cape Coast's castle 2.2 km out at sea. California is the US Census Bureau's
 * 2017 cartographic state boundary (public domain, a work of the US government) from us-atlas 3
 * (ISC). topojson-client (ISC) turns their TopoJSON into GeoJSON.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as prettier from 'prettier';

// createRequire rather than import: ESM resolves packages from this file's folder only, and
// these live outside the repository.
const require = createRequire(
  path.join(path.resolve(process.env.OUTLINES_MODULES ?? '/tmp/outlines'), 'package.json'),
);
const { feature } = require('topojson-client');
const world = require('world-atlas/countries-10m.json');
const states = require('us-atlas/states-10m.json');

/** The form's country names, and where each outline comes from. */
const sources = [
  ['Ghana', world, 'countries', 'Ghana'],
  ['California USA', states, 'states', 'California'],
  ['Jamaica', world, 'countries', 'Jamaica'],
  ['Dominican Republic', world, 'countries', 'Dominican Rep.'],
];

/**
 * Points closer than this (degrees) to the last point kept are dropped: about 200 m, a tenth of
 * the check's tolerance. A guard on the file's size should a source grow finer; these sources
 * lose a few points to it (the file is about 57 KB). A ring's closing point is always kept.
 */
const MIN_STEP = 0.002;
const round = (value) => Math.round(value * 1e4) / 1e4;

function simplify(ring) {
  const kept = [ring[0]];
  for (const point of ring.slice(1, -1)) {
    const last = kept.at(-1);
    if (Math.hypot(point[0] - last[0], point[1] - last[1]) >= MIN_STEP) kept.push(point);
  }
  kept.push(ring.at(-1));
  return kept.map(([lng, lat]) => [round(lng), round(lat)]);
}

function outline(topology, object, name) {
  const found = feature(topology, topology.objects[object]).features.filter(
    (item) => item.properties.name === name,
  );
  if (found.length !== 1) throw new Error(`${name}: ${found.length} features in ${object}`);
  const { geometry } = found[0];
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  // A ring needs 4 points (a triangle, closed) to enclose anything.
  return polygons.map((rings) => rings.map(simplify).filter((ring) => ring.length >= 4));
}

const outlines = Object.fromEntries(
  sources.map(([country, topology, object, name]) => [country, outline(topology, object, name)]),
);

const file = path.join(import.meta.dirname, '../server/features/listings/country-outlines.json');
// Formatted as `npm run lint` (prettier --check .) wants it: a point a line.
const options = await prettier.resolveConfig(file);
fs.writeFileSync(
  file,
  await prettier.format(JSON.stringify(outlines), { ...options, filepath: file }),
);
for (const [country, polygons] of Object.entries(outlines)) {
  const points = polygons.flat().reduce((sum, ring) => sum + ring.length, 0);
  console.log(`${country}: ${polygons.length} polygons, ${points} points`);
}
console.log(`${path.relative(process.cwd(), file)}: ${fs.statSync(file).size} bytes`);
