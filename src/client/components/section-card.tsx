// A card that is a section of a page: a heading (h2 unless told), an optional description and its content.
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from './ui/card';

export function SectionCard({
  title,
  description,
  children,
  as = 'h2',
  headingId,
  titleId = headingId,
  className,
  titleClassName,
  contentClassName,
  ...rest
}: {
  title: ReactNode;
  /** A line under the heading. */
  description?: ReactNode;
  children: ReactNode;
  as?: 'h2' | 'h3';
  /** The heading's id, and the card is labelled by the heading (aria-labelledby). */
  headingId?: string;
  titleId?: string;
  className?: string;
  titleClassName?: string;
  contentClassName?: string;
  'aria-labelledby'?: string;
}) {
  return (
    <Card className={className} aria-labelledby={headingId} {...rest}>
      <CardHeader>
        <CardTitle as={as} id={titleId} className={titleClassName}>
          {title}
        </CardTitle>
        {description !== undefined && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
