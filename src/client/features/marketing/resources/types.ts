import { type ReactNode } from 'react';

export interface ResourceSection {
  id: string;
  heading: string;
  body: ReactNode;
}

export interface ResourceDoc {
  slug: string;
  /** The page's h1. */
  title: string;
  /** A short eyebrow above the title. */
  kicker: string;
  intro: ReactNode;
  updated?: string;
  sections: ResourceSection[];
}
