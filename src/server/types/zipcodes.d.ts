// Minimal typing for the `zipcodes` package (it ships none): only what the importers use.
declare module 'zipcodes' {
  interface ZipInfo {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  export function lookup(zip: string): ZipInfo | undefined;
  export function lookupByName(city: string, state: string): ZipInfo[];
  const zipcodes: { lookup: typeof lookup; lookupByName: typeof lookupByName };
  export default zipcodes;
}
