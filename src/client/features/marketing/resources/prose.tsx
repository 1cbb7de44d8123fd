import { type ComponentProps, type ReactNode } from 'react';
import { TextLink } from '../../../components/text-link';
import { cn } from '../../../lib/utils';

export function P(props: ComponentProps<'p'>) {
  return <p {...props} className={cn('leading-relaxed text-gray-700', props.className)} />;
}

export function UL({ className, ...props }: ComponentProps<'ul'>) {
  return <ul className={cn('list-disc space-y-2 pl-6 leading-relaxed text-gray-700 marker:text-primary', className)} {...props} />;
}

export function H3(props: ComponentProps<'h3'>) {
  return <h3 {...props} className={cn('pt-2 text-lg font-semibold text-gray-900', props.className)} />;
}

export function A({ href, children }: { href: string; children: ReactNode }) {
  return (
    <TextLink href={href} className="hover:text-primary-hover">
      {children}
    </TextLink>
  );
}

export function Note({ children }: { children: ReactNode }) {
  return <div className="rounded-lg border border-green-200 bg-primary-soft p-4 leading-relaxed text-green-950">{children}</div>;
}
