// Where a record comes from, where a person decides (ADR 008): a small "Demo data" badge on demo
// records, "Source: {agency}, as of {date}" on imported public records.
import { FlaskConicalIcon } from 'lucide-react';
import { sourceLine, type Source } from '../../contracts/provenance';
import { cn } from '../lib/utils';
import { Badge } from './ui/badge';

export const DEMO_BADGE_TEXT = 'Demo data';
export const DEMO_BADGE_TITLE = 'Generated demo data: this community, its prices and reviews are fictional.';

export function DemoBadge({ className }: { className?: string }) {
  return (
    <Badge variant="warning" className={cn('font-medium', className)} title={DEMO_BADGE_TITLE} data-testid="demo-badge">
      <FlaskConicalIcon aria-hidden="true" />
      {DEMO_BADGE_TEXT}
    </Badge>
  );
}

/** The badge for demo records, the source line for the others; nothing for reviews written here. */
export function SourceLabel({ source, className }: { source: Source | undefined; className?: string }) {
  if (!source) return null;
  if (source.kind === 'demo') return <DemoBadge className={className} />;
  if (source.kind === 'user') return null;
  return (
    <p className={cn('text-xs text-muted-foreground', className)} data-testid="source-line">
      {sourceLine(source)}
    </p>
  );
}
