import { HeartIcon, InboxIcon, ListIcon, LogOutIcon, MenuIcon, ShieldIcon, XIcon, type LucideIcon } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Button } from '../../components/ui/button';
import { LOGOUT_URL, useAuth, useLoginUrl, type AuthUser } from '../../lib/auth';
import { cn } from '../../lib/utils';
import { isSamePath } from '../case-insensitive';
import { Logo } from './logo';
import { NAV_LINKS } from './nav-links';
import { ButtonLink } from '../../components/button-link';

function displayName(user: AuthUser): string {
  return user.firstName?.trim() || user.email;
}

/** A header link's icon and its word. */
function IconLabel({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <Icon className="size-4" aria-hidden="true" />
      {children}
    </span>
  );
}

function Avatar({ user }: { user: AuthUser }) {
  if (user.profileImageUrl) {
    return <img src={user.profileImageUrl} alt="" className="size-8 rounded-full border object-cover" width={32} height={32} />;
  }
  return null;
}

/** A header link's classes: highlighted on its own page. */
function navLinkClassAt(location: string, href: string): string {
  return cn(
    'rounded-md px-2 py-2 text-sm font-medium whitespace-nowrap transition-colors hover:bg-accent hover:text-accent-foreground',
    isSamePath(location, href) ? 'bg-primary-muted text-green-900' : 'text-gray-700',
  );
}

interface NavLinkProps {
  href: string;
  onClick?: () => void;
  'aria-label'?: string;
  title?: string;
  children: ReactNode;
}

/** A header link that is highlighted and marked `aria-current="page"` on its own page. */
function NavLink({ href, children, ...rest }: NavLinkProps) {
  const [location] = useLocation();
  return (
    <Link href={href} className={navLinkClassAt(location, href)} aria-current={isSamePath(location, href) ? 'page' : undefined} {...rest}>
      {children}
    </Link>
  );
}

export function Header() {
  const [location] = useLocation();
  const { user, isAuthenticated, isLoading } = useAuth();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const close = () => setOpen(false);
  const signIn = useLoginUrl();

  // Close the menu on Escape.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  const navLinkClass = (href: string) => navLinkClassAt(location, href);

  return (
    <header data-app-header className="sticky top-0 z-40 border-b bg-white">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <Logo onClick={close} />

        <nav aria-label="Main" className="ml-2 hidden items-center gap-0.5 xl:flex">
          {NAV_LINKS.map((link) => (
            <NavLink key={link.href} href={link.href}>
              {link.label}
            </NavLink>
          ))}
        </nav>

        <div className="ml-auto hidden items-center gap-1.5 xl:flex">
          {isLoading ? (
            <div className="h-9 w-40" aria-hidden="true" />
          ) : isAuthenticated && user ? (
            // Admin, Lists, Saved and My requests are icons (named by aria-label and title) below 2xl: with their
            // words, the six main links, the user's name and Sign Out overflowed the header at 1280 px; a long name is
            // cut off at 80 px there (its full text in the title).
            <>
              {user.role === 'admin' && (
                <NavLink href="/admin" aria-label="Admin" title="Administration">
                  <IconLabel icon={ShieldIcon}><span className="hidden 2xl:inline">Admin</span></IconLabel>
                </NavLink>
              )}
              {user.isPro && (
                <NavLink href="/lists" aria-label="Lists" title="Your saved lists">
                  <IconLabel icon={ListIcon}><span className="hidden 2xl:inline">Lists</span></IconLabel>
                </NavLink>
              )}
              <NavLink href="/saved" aria-label="Saved" title="Your saved communities">
                <IconLabel icon={HeartIcon}><span className="hidden 2xl:inline">Saved</span></IconLabel>
              </NavLink>
              <NavLink href="/my/requests" aria-label="My requests" title="Your information requests">
                <IconLabel icon={InboxIcon}><span className="hidden 2xl:inline">My requests</span></IconLabel>
              </NavLink>
              <div className="flex items-center gap-2 px-1">
                <Avatar user={user} />
                <span className="max-w-20 truncate text-sm font-medium text-gray-800 2xl:max-w-32" data-testid="user-name" title={displayName(user)}>
                  {displayName(user)}
                </span>
              </div>
              <ButtonLink href={LOGOUT_URL} variant="outline" size="sm" plain>
                <LogOutIcon aria-hidden="true" className="hidden 2xl:block" />
                Sign Out
              </ButtonLink>
            </>
          ) : (
            <>
              <ButtonLink href={signIn} variant="ghost" size="sm" plain>Sign In</ButtonLink>
              <ButtonLink href={signIn} size="sm" plain>Get Started</ButtonLink>
            </>
          )}
        </div>

        <Button
          variant="ghost"
          size="icon"
          className="ml-auto xl:hidden"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((v) => !v)}
        >
          {open ? <XIcon className="size-6" aria-hidden="true" /> : <MenuIcon className="size-6" aria-hidden="true" />}
        </Button>
      </div>

      {open && (
        <div id={menuId} className="border-t bg-white xl:hidden" data-testid="mobile-menu">
          <nav aria-label="Mobile" className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3 sm:px-6">
            <NavLink href="/" onClick={close}>
              Home
            </NavLink>
            {NAV_LINKS.map((link) => (
              <NavLink key={link.href} href={link.href} onClick={close}>
                {link.label}
              </NavLink>
            ))}
            {isAuthenticated && user && (
              <>
                {user.role === 'admin' && (
                  <Link href="/admin" onClick={close} className={navLinkClass('/admin')}>
                    Admin
                  </Link>
                )}
                {user.isPro && (
                  <Link href="/lists" onClick={close} className={navLinkClass('/lists')}>
                    Lists
                  </Link>
                )}
                <Link href="/saved" onClick={close} className={navLinkClass('/saved')}>
                  Saved
                </Link>
                <Link href="/my/requests" onClick={close} className={navLinkClass('/my/requests')}>
                  My requests
                </Link>
                <Link href="/my/reviews" onClick={close} className={navLinkClass('/my/reviews')}>
                  My reviews
                </Link>
              </>
            )}
            <Button asChild className="mt-2 w-full">
              <Link href="/community-insights" onClick={close}>
                Community Insights
              </Link>
            </Button>
            <div className="mt-3 border-t pt-3">
              {isAuthenticated && user ? (
                <div className="flex items-center justify-between gap-3">
                  <div className="flex min-w-0 items-center gap-2">
                    <Avatar user={user} />
                    <span className="truncate text-sm font-medium text-gray-800">{displayName(user)}</span>
                  </div>
                  <Button variant="outline" size="sm" asChild>
                    <a href={LOGOUT_URL} onClick={close}>
                      Sign Out
                    </a>
                  </Button>
                </div>
              ) : isLoading ? null : (
                <div className="grid grid-cols-2 gap-2">
                  <Button variant="outline" asChild>
                    <a href={signIn} onClick={close}>
                      Sign In
                    </a>
                  </Button>
                  <Button asChild>
                    <a href={signIn} onClick={close}>
                      Get Started
                    </a>
                  </Button>
                </div>
              )}
            </div>
          </nav>
        </div>
      )}
    </header>
  );
}
