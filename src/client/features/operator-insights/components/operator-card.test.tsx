import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { OperatorRow } from '../../../../contracts/insights';
import { externalUrl, OperatorCard, revenueText } from './operator-card';

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
    for (const name of ['Indeed Reviews', 'Glassdoor Reviews']) {
      const link = screen.getByRole('link', { name });
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
    }
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

  it('normalises revenue and external links', () => {
    expect(revenueText('')).toBe('N/A');
    expect(revenueText(' $ ')).toBe('N/A');
    expect(revenueText('$1.2B')).toBe('$1.2B');
    expect(externalUrl('javascript:alert(1)')).toBeNull();
    expect(externalUrl('http://a.example/x')).toBe('http://a.example/x');
  });
});
