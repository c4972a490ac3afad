import { describe, expect, it } from 'vitest';
import { pointInCountry } from './country-outlines';

// A listing's map point must lie in its country (or within 2 km of its coarse outline, for
// houses on the coast): cities across each country, and places just over its borders.
describe('pointInCountry', () => {
  it.each([
    ['Ghana', 'Accra', 5.6037, -0.187],
    ['Ghana', 'Kumasi', 6.6885, -1.6244],
    ['Ghana', 'Tamale', 9.4008, -0.8393],
    ['Ghana', 'Bolgatanga', 10.7856, -0.8514],
    // On the coast, where the 1:50m outline cuts the beach off.
    ['Ghana', 'Labadi Beach', 5.56, -0.145],
    ['Ghana', 'Cape Coast castle', 5.1036, -1.2414],
    ['California USA', 'Los Angeles', 34.0522, -118.2437],
    ['California USA', 'San Francisco', 37.7749, -122.4194],
    ['Jamaica', 'Kingston', 17.9714, -76.792],
    ['Jamaica', 'Negril', 18.2683, -78.3476],
    ['Dominican Republic', 'Santo Domingo', 18.4861, -69.9312],
    ['Dominican Republic', 'Punta Cana', 18.5601, -68.3725],
  ])('%s holds %s', (country, _place, latitude, longitude) => {
    expect(pointInCountry(country, latitude, longitude)).toBe(true);
  });

  it.each([
    ['Ghana', 'Lomé, Togo', 6.1375, 1.2123],
    ['Ghana', "Abidjan, Côte d'Ivoire", 5.36, -4.0083],
    ['Ghana', 'Ouagadougou, Burkina Faso', 12.3714, -1.5197],
    ['Ghana', 'the sea off Accra', 5.0, -0.2],
    ['Ghana', 'Kingston, Jamaica', 17.9714, -76.792],
    ['California USA', 'Las Vegas, Nevada', 36.1699, -115.1398],
    // Not Tijuana: its centre is under 3 km from the outline's border, too near the tolerance.
    ['California USA', 'Ensenada, Mexico', 31.8667, -116.5964],
    ['California USA', 'Reno, Nevada', 39.5296, -119.8138],
    ['Dominican Republic', 'Port-au-Prince, Haiti', 18.5944, -72.3074],
    ['Atlantis', 'Accra', 5.6037, -0.187],
  ])('%s does not hold %s', (country, _place, latitude, longitude) => {
    expect(pointInCountry(country, latitude, longitude)).toBe(false);
  });

  it('answers many calls in a row', () => {
    // No timing assertion (test machines are noisy): 10 000 calls, spread over California's
    // bounding box where the most edges are checked, only have to finish.
    let inside = 0;
    for (let i = 0; i < 10_000; i += 1) {
      const latitude = 32 + ((i * 7) % 1000) / 100;
      const longitude = -125 + ((i * 13) % 1000) / 100;
      if (pointInCountry('California USA', latitude, longitude)) inside += 1;
    }
    expect(inside).toBeGreaterThan(0);
  });
});
