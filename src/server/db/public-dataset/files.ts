// The files of the real public directory shipped under data/public/ (built by scripts/build-public-data.ts).
import path from 'node:path';

/** Columns of the national licence-list vocabulary, in the order the shipped files use. */
export const LICENSED_COLUMNS = [
  'Facility Name',
  'Address',
  'City',
  'State',
  'Zip Code',
  'County',
  'Phone Number',
  'Email Address',
  'Licensee',
  'Capacity',
  'Ownership Type',
  'License Number',
  'Facility ID',
  'State Facility Type 1 Literal',
  'State Facility Type 2 Literal',
  'Date Accessed',
  'Latitude',
  'Longitude',
] as const;

export const PUBLIC_DATA_DIR = path.resolve(import.meta.dirname, '../../../../data/public');

export const publicFiles = (dir = PUBLIC_DATA_DIR) => ({
  licensedDir: path.join(dir, 'alf-2021'),
  cms: path.join(dir, 'cms-nursing-homes.csv.gz'),
  counties: path.join(dir, 'county-2019.csv.gz'),
});
