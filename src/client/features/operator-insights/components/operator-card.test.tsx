import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { OperatorRow } from '../../../../contracts/insights';
import { employeeReviewsText, externalUrl, OperatorCard, revenueText } from './operator-card';

const full: OperatorRow = {
  id: 7,
  operatorName: 'Sunrise Senior Living',
  operatorCity: 'McLean',
  operatorState: 'VA',
  operatorPostalcode: '22102',
  operatorWebpage: 'www.sunrise.example',
  operatorRevenue: '$25.3M',
  operatorTotalCommunities: 12,
  operatorTotalEmployees: 4200,
  operatorPhone: '(703) 555-0100',
  operatorEmail: 'info@sunrise.example',
  operatorIndeed: 'https://indeed.example/sunrise',
  operatorGlassdoor: 'https://glassdoor.example/sunrise',
  employeeReviewCount: 2400,
  source: { kind: 'cms', name: 'Centers for Medicare & Medicaid Services', asOf: '2021-08-01' },
};

describe('OperatorCard', () => {
  it('shows every field, links out safely and opens the communities', () => {
    const onShow = vi.fn();
    render(<OperatorCard operator={full} onShowCommunities={onShow} />);
    expect(screen.getByText('Sunrise Senior Living')).toBeTruthy();
    expect(screen.getByText('McLean, VA')).toBeTruthy();
    expect(screen.getByText('22102')).toBeTruthy();
    expect(screen.getByText('$25.3M')).toBeTruthy();
    expect(screen.getByText('4,200')).toBeTruthy();
    const site = screen.getByRole('link', { name: /website/ });
    expect(site.getAttribute('href')).toBe('https://www.sunrise.example/');
    expect(site.getAttribute('rel')).toContain('noopener');
    // No employer-review site is linked (ADR 008): the count of employee reviews instead.
    expect(screen.queryByRole('link', { name: /indeed|glassdoor/i })).toBeNull();
    expect(screen.getByTestId('employee-review-count').textContent).toBe('2,400 employee reviews');
    expect(screen.getByTestId('source-line').textContent).toBe('Source: Centers for Medicare & Medicaid Services, as of Aug 1, 2021');
    expect(screen.queryByTestId('demo-badge')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^12 communities/ }));
    expect(onShow).toHaveBeenCalledWith(full);
  });

  it('falls back to N/A and hides what is missing', () => {
    render(
      <OperatorCard
        operator={{ ...full, operatorRevenue: '$', operatorTotalEmployees: null, operatorWebpage: '', operatorPhone: '', operatorEmail: '', operatorIndeed: '', operatorGlassdoor: 'javascript:alert(1)', operatorPostalcode: '' }}
        onShowCommunities={() => {}}
      />,
    );
    expect(screen.getAllByText('N/A')).toHaveLength(2);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('marks a demo operator and links nothing outside', () => {
    render(<OperatorCard operator={{ ...full, source: { kind: 'demo', name: 'Demo data', asOf: null } }} onShowCommunities={() => {}} />);
    expect(screen.getByTestId('demo-badge').textContent).toBe('Demo data');
    expect(screen.queryByTestId('source-line')).toBeNull();
    const outside = screen.queryAllByRole('link').filter((a) => /^https?:/.test(a.getAttribute('href') ?? ''));
    expect(outside).toEqual([]);
  });

  it('words the employee review count', () => {
    expect(employeeReviewsText(0)).toBe('No employee reviews');
    expect(employeeReviewsText(1)).toBe('1 employee review');
    expect(employeeReviewsText(1234)).toBe('1,234 employee reviews');
  });

  it('normalises revenue and external links', () => {
    expect(revenueText('')).toBe('N/A');
    expect(revenueText(' $ ')).toBe('N/A');
    expect(revenueText('$1.2B')).toBe('$1.2B');
    expect(externalUrl('javascript:alert(1)')).toBeNull();
    expect(externalUrl('http://a.example/x')).toBe('http://a.example/x');
  });
});
