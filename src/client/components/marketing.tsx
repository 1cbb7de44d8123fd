// The blocks the public pages (landing, pricing, about) are built from: a section titled by its h2, the
// coverage figures, lists of icon tiles and the green call-to-action band. Each page passes its own widths
// and copy.
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/utils';
import { ButtonLink } from './button-link';

/** The container of a marketing section: centred, page-wide padding. */
export const SECTION_CONTAINER = 'mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8';

interface MarketingSectionProps {
  /** The h2's id is `${id}-heading`; the section is labelled by it. */
  id: string;
  title: ReactNode;
  /** Centre the heading. */
  center?: boolean;
  /** A full-width band (its background) around the container; without it the section is the container. */
  band?: string;
  /** The container's classes. */
  className?: string;
  children: ReactNode;
}

/** A page section titled by its h2 (`aria-labelledby`), optionally on a full-width band. */
export function MarketingSection({ id, title, center, band, className = SECTION_CONTAINER, children }: MarketingSectionProps) {
  const headingId = `${id}-heading`;
  const heading = (
    <h2 id={headingId} className={cn(center && 'text-center', 'text-3xl font-bold tracking-tight')}>
      {title}
    </h2>
  );
  if (!band) {
    return (
      <section aria-labelledby={headingId} className={className}>
        {heading}
        {children}
      </section>
    );
  }
  return (
    <section aria-labelledby={headingId} className={band}>
      <div className={className}>
        {heading}
        {children}
      </div>
    </section>
  );
}

export interface Stat {
  value: string;
  label: string;
}

interface StatListProps {
  stats: Stat[];
  className: string;
  itemClassName?: string;
  valueClassName: string;
}

/** Coverage figures: each label is the term and its figure the description, drawn above the label. */
export function StatList({ stats, className, itemClassName, valueClassName }: StatListProps) {
  return (
    <dl className={className}>
      {stats.map((s) => (
        <div key={s.label} className={cn('flex flex-col gap-1', itemClassName)}>
          <dt className="text-sm font-medium text-gray-600">{s.label}</dt>
          <dd className={cn('order-first font-bold text-primary', valueClassName)}>{s.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export interface Tile {
  title: string;
  text: ReactNode;
  icon: LucideIcon;
}

interface TileListProps {
  tiles: readonly Tile[];
  /** A list (`ul`, each tile an `li`) or a grid of `div`s. */
  as: 'ul' | 'div';
  className: string;
  itemClassName: string;
  /** The icon's classes. */
  iconClassName?: string;
  /** The classes of a box drawn around the icon. */
  iconBox?: string;
  /** The icon beside the title and text (they share a `div`) instead of above them. */
  beside?: boolean;
  /** The title's element: a heading by default, a paragraph in a list that is not a page section. */
  titleAs?: 'h3' | 'p';
  titleClassName: string;
  textClassName: string;
}

/** Tiles of an icon, a title and a sentence: the features, benefits, audiences and sources of the public pages. */
export function TileList(props: TileListProps) {
  const { tiles, as: List, className, itemClassName, iconClassName, iconBox, beside, titleAs: Title = 'h3', titleClassName, textClassName } = props;
  const Item = List === 'ul' ? 'li' : 'div';
  return (
    <List className={className}>
      {tiles.map(({ title, text, icon: Icon }) => {
        const words = (
          <>
            <Title className={titleClassName}>{title}</Title>
            <p className={textClassName}>{text}</p>
          </>
        );
        return (
          <Item key={title} className={itemClassName}>
            {iconBox ? (
              <span className={iconBox}>
                <Icon className={iconClassName} aria-hidden="true" />
              </span>
            ) : (
              <Icon className={iconClassName} aria-hidden="true" />
            )}
            {beside ? <div>{words}</div> : words}
          </Item>
        );
      })}
    </List>
  );
}

interface CtaBandProps {
  /** The h2's id is `${id}-heading`. */
  id: string;
  title: ReactNode;
  text: ReactNode;
  /** The button's link to sign in (the free trial starts there). */
  action: string;
  icon?: ReactNode;
  /** The container's classes (width and spacing). */
  className: string;
  textClassName?: string;
}

/** The green band that closes a public page: heading, one sentence and the trial button. */
export function CtaBand({ id, title, text, action, icon, className, textClassName }: CtaBandProps) {
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId} className="bg-primary">
      <div className={cn('mx-auto flex flex-col items-center px-4 text-center sm:px-6', className)}>
        {icon}
        <h2 id={headingId} className="text-3xl font-bold tracking-tight text-white">
          {title}
        </h2>
        <p className={cn(textClassName, 'text-lg text-green-50')}>{text}</p>
        <ButtonLink href="/api/login" size="lg" className="bg-white text-green-900 hover:bg-green-50" plain>{action}</ButtonLink>
      </div>
    </section>
  );
}
