// One operator card with every field of the operator row and its fallbacks (SPEC section 2).
import { BuildingIcon, GlobeIcon, MailIcon, MapPinIcon, MessageSquareTextIcon, PhoneIcon, UsersIcon } from 'lucide-react';
import type { OperatorRow } from '../../../../contracts/insights';
import { SourceLabel } from '../../../components/source-label';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatNumber } from '../../../lib/format';

/** Only http(s) links leave the app; a bare host gets https://. */
export function externalUrl(value: string): string | null {
  const v = value.trim();
  if (!v) return null;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(v) ? v : `https://${v}`);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

export function revenueText(revenue: string): string {
  const v = revenue.trim();
  return v === '' || v === '$' ? 'N/A' : v;
}

export interface OperatorCardProps {
  operator: OperatorRow;
  onShowCommunities: (operator: OperatorRow) => void;
  /** Pro actions under the card (portfolio link, save to list), given by the page. */
  actions?: React.ReactNode;
}

/** '1 employee review', '2,400 employee reviews', 'No employee reviews'. */
export function employeeReviewsText(count: number): string {
  if (count === 0) return 'No employee reviews';
  return `${formatNumber(count)} employee ${count === 1 ? 'review' : 'reviews'}`;
}

export function OperatorCard({ operator: o, onShowCommunities, actions }: OperatorCardProps) {
  // No external link for a fictional (demo) operator (ADR 008); employer-review sites are never linked:
  // the card shows how many employee reviews the database holds instead.
  const website = o.source.kind === 'demo' ? null : externalUrl(o.operatorWebpage);
  const place = [o.operatorCity, o.operatorState].filter(Boolean).join(', ');
  return (
    <Card className="flex h-full flex-col" data-testid="operator-card">
      <CardHeader className="pb-3">
        <div className="flex items-start justify-between gap-3">
          <CardTitle className="text-base leading-snug">{o.operatorName}</CardTitle>
          {website && (
            <a
              href={website}
              target="_blank"
              rel="noopener noreferrer"
              className="rounded-sm text-primary hover:text-primary-hover"
              aria-label={`${o.operatorName} website (opens in a new tab)`}
            >
              <GlobeIcon className="size-4" aria-hidden="true" />
            </a>
          )}
        </div>
        {(place || o.operatorPostalcode) && (
          <p className="flex items-center gap-1 text-sm text-muted-foreground">
            <MapPinIcon className="size-3.5 shrink-0" aria-hidden="true" />
            {place}
            {o.operatorPostalcode && <span>{o.operatorPostalcode}</span>}
          </p>
        )}
        <SourceLabel source={o.source} className="w-fit" />
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4">
        <dl className="grid grid-cols-3 gap-2 rounded-md bg-muted p-3 text-center">
          <div>
            <dt className="text-xs text-muted-foreground">Revenue</dt>
            <dd className="font-semibold text-gray-900">{revenueText(o.operatorRevenue)}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">Communities</dt>
            <dd>
              <Button
                variant="link"
                className="h-auto p-0 font-semibold"
                onClick={() => onShowCommunities(o)}
                aria-label={`${o.operatorTotalCommunities} communities: show the communities of ${o.operatorName}`}
              >
                <BuildingIcon aria-hidden="true" />
                {formatNumber(o.operatorTotalCommunities)}
              </Button>
            </dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">Employees</dt>
            <dd className="flex items-center justify-center gap-1 font-semibold text-gray-900">
              {o.operatorTotalEmployees !== null && <UsersIcon className="size-3.5 text-muted-foreground" aria-hidden="true" />}
              {formatNumber(o.operatorTotalEmployees)}
            </dd>
          </div>
        </dl>
        {(o.operatorPhone || o.operatorEmail) && (
          <ul className="space-y-1 text-sm">
            {o.operatorPhone && (
              <li>
                <a href={`tel:${o.operatorPhone.replace(/[^\d+]/g, '')}`} className="inline-flex items-center gap-2 text-gray-700 hover:text-primary hover:underline">
                  <PhoneIcon className="size-3.5" aria-hidden="true" />
                  {o.operatorPhone}
                </a>
              </li>
            )}
            {o.operatorEmail && (
              <li className="min-w-0">
                <a href={`mailto:${o.operatorEmail}`} className="inline-flex max-w-full items-center gap-2 text-gray-700 hover:text-primary hover:underline">
                  <MailIcon className="size-3.5 shrink-0" aria-hidden="true" />
                  <span className="truncate">{o.operatorEmail}</span>
                </a>
              </li>
            )}
          </ul>
        )}
        <p className="mt-auto flex items-center gap-2 text-sm text-gray-700" data-testid="employee-review-count">
          <MessageSquareTextIcon className="size-3.5 text-muted-foreground" aria-hidden="true" />
          {employeeReviewsText(o.employeeReviewCount)}
        </p>
        {actions}
      </CardContent>
    </Card>
  );
}
