// Typing for the `zipcodes` package (it ships none): what the importers, the generator, search and the assistant use.
declare module 'zipcodes' {
  export interface ZipInfo {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  export function lookup(zip: string): ZipInfo | undefined;
  export function lookupByName(city: string, state: string): ZipInfo[];
  export function lookupByState(state: string): ZipInfo[];
  export function distance(zipA: string, zipB: string): number | null;
  export const codes: Record<string, ZipInfo>;
  const zipcodes: {
    lookup: typeof lookup;
    lookupByName: typeof lookupByName;
    lookupByState: typeof lookupByState;
    distance: typeof distance;
    codes: typeof codes;
  };
  export default zipcodes;
}
