import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LicenceRecord } from '../../../../contracts/records';
import { LicenceBlock } from './records-section';

const licence = (over: Partial<LicenceRecord> = {}): LicenceRecord => ({
  licenceType: 'ASSISTED LIVING RESIDENCE',
  licenceNumber: 'ALR01503',
  capacity: 115,
  licensee: 'Atria Senior Living Inc',
  county: null,
  sourceName: 'Rhode Island Department of Health',
  asOf: '2026-03-01',
  listingStatus: 'listed',
  delistedAsOf: null,
  locationApproximate: false,
  ...over,
});

describe('LicenceBlock', () => {
  it('says a delisted facility is no longer on its agency list, with the date', () => {
    render(<LicenceBlock licence={licence({ listingStatus: 'delisted', delistedAsOf: '2026-06-01' })} careTypes={['Assisted Living']} />);
    expect(screen.getByRole('status').textContent).toMatch(/^No longer on the Rhode Island Department of Health list as of Jun 1, 2026\./);
  });

  it('gives a source that knows only its year as the year, not as January 1 (ADR 025)', () => {
    render(<LicenceBlock licence={licence({ sourceName: 'Centers for Medicare & Medicaid Services', asOf: '2025' })} careTypes={['Skilled Nursing']} certification />);
    expect(screen.getByText(/^Source: Centers for Medicare & Medicaid Services, as of/).textContent).toBe('Source: Centers for Medicare & Medicaid Services, as of 2025.');
  });

  it('says nothing of the kind for a listed facility', () => {
    render(<LicenceBlock licence={licence()} careTypes={['Assisted Living']} />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
