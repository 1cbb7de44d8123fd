// A link that looks like a button: an in-app route through the router, or, with `plain`, a plain <a> for
// what the router must not handle (a server URL such as /api/login, a download, a full page load).
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button, type ButtonProps } from './ui/button';

export interface ButtonLinkProps extends Pick<ButtonProps, 'variant' | 'size' | 'className'> {
  href: string;
  children: ReactNode;
  /** A plain <a> instead of the router's link. */
  plain?: boolean;
}

export function ButtonLink({ href, plain = false, children, ...button }: ButtonLinkProps) {
  return <Button {...button} asChild>{plain ? <a href={href}>{children}</a> : <Link href={href}>{children}</Link>}</Button>;
}
