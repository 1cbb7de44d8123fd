// 'Care Types & Pricing': minPrice, ' - maxPrice' when greater, 'per month'; or 'Contact for Pricing'.
import type { PricingEntry } from '../../../../contracts/community';
import { SectionCard } from '../../../components/section-card';
import { formatCurrency } from '../../../lib/format';

export function formatPriceRange(p: PricingEntry): string {
  return p.maxPrice > p.minPrice ? `${formatCurrency(p.minPrice)} - ${formatCurrency(p.maxPrice)}` : formatCurrency(p.minPrice);
}

export function PricingSection({ pricing }: { pricing: PricingEntry[] }) {
  return (
    <SectionCard titleClassName="text-xl" headingId="pricing-heading" title={<>Care Types &amp; Pricing</>}>
      {pricing.length === 0 ? (
        <div className="rounded-lg bg-muted p-4">
          <p className="font-semibold text-gray-900">Contact for Pricing</p>
          <p className="mt-1 text-gray-700">Please contact the community directly for pricing information.</p>
        </div>
      ) : (
        <ul className="divide-y divide-border">
          {pricing.map((p) => (
            <li key={`${p.careType}-${p.minPrice}-${p.maxPrice}`} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3 first:pt-0 last:pb-0">
              <span className="font-medium text-gray-900">{p.careType}</span>
              <span className="text-right">
                <span className="font-semibold text-gray-900 tabular-nums">{formatPriceRange(p)}</span>{' '}
                <span className="text-sm text-muted-foreground">per month</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
