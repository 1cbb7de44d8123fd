import { type ComponentProps } from 'react';
import { cn } from '../../lib/utils';
import { slotted } from './slotted';

export const Card = slotted('div', 'card', 'rounded-lg border bg-card text-card-foreground shadow-sm');

export const CardHeader = slotted('div', 'card-header', 'flex flex-col gap-1.5 p-6');

/** Renders an h3 by default; pass `asChild`-free `as` to pick another heading level. */
export function CardTitle({ className, as: Tag = 'h3', ...props }: ComponentProps<'h3'> & { as?: 'h2' | 'h3' | 'h4' | 'p' | 'div' }) {
  return <Tag data-slot="card-title" className={cn('text-lg leading-tight font-semibold tracking-tight', className)} {...props} />;
}

export const CardDescription = slotted('p', 'card-description', 'text-sm text-muted-foreground');

export const CardContent = slotted('div', 'card-content', 'p-6 pt-0');

export const CardFooter = slotted('div', 'card-footer', 'flex items-center p-6 pt-0');
