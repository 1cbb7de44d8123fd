import { MailIcon, PhoneIcon } from 'lucide-react';
import { Link } from 'wouter';
import { SUPPORT_EMAIL, SUPPORT_PHONE } from '../../lib/site';
import { Logo } from './logo';


const CARE_LINKS = [
  { href: '/search?careType=independent', label: 'Independent Living' },
  { href: '/search?careType=assisted', label: 'Assisted Living' },
  { href: '/search?careType=memory', label: 'Memory Care' },
  { href: '/search?careType=skilled', label: 'Skilled Nursing' },
];

const RESOURCE_LINKS = [
  { href: '/resources/care-planning', label: 'Care Planning Guide' },
  { href: '/resources/financing', label: 'Paying for Care' },
  { href: '/resources/moving', label: 'Moving Checklist' },
  { href: '/resources/faq', label: 'FAQ' },
];

const linkClass = 'rounded-sm text-gray-300 hover:text-white hover:underline underline-offset-4';

/** A titled column of the footer's site links. */
function LinkColumn({ label, title, links }: { label: string; title: string; links: { href: string; label: string }[] }) {
  return (
    <nav aria-label={label}>
      <h2 className="mb-3 text-sm font-semibold tracking-wide text-white uppercase">{title}</h2>
      <ul className="space-y-2 text-sm">
        {links.map((l) => (
          <li key={l.href}>
            <Link href={l.href} className={linkClass}>
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer() {
  return (
    <footer data-app-footer className="mt-auto bg-gray-900 text-gray-200">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div className="space-y-4">
          <Logo className="text-white [&_span.text-primary]:text-green-400 [&>span:last-child]:text-white" />
          <p className="text-sm leading-relaxed text-gray-300">
            Helping families find the right senior living community with AI-powered search and real-time data.
          </p>
        </div>
        <LinkColumn label="Care types" title="Care Types" links={CARE_LINKS} />
        <LinkColumn label="Resources" title="Resources" links={RESOURCE_LINKS} />
        <div>
          <h2 className="mb-3 text-sm font-semibold tracking-wide text-white uppercase">Support</h2>
          <ul className="space-y-3 text-sm">
            <li>
              <a href={SUPPORT_PHONE.href} className={`inline-flex items-center gap-2 ${linkClass}`}>
                <PhoneIcon className="size-4 text-green-400" aria-hidden="true" />
                {SUPPORT_PHONE.display}
              </a>
            </li>
            <li>
              <a href={`mailto:${SUPPORT_EMAIL}`} className={`inline-flex items-center gap-2 ${linkClass}`}>
                <MailIcon className="size-4 text-green-400" aria-hidden="true" />
                {SUPPORT_EMAIL}
              </a>
            </li>
            <li className="text-gray-300">Mon–Fri 8am–8pm, Sat 9am–5pm ET</li>
          </ul>
        </div>
      </div>
      <div className="border-t border-gray-800">
        {/* sm:pb-24: at the end of the page the floating chat button must not cover Terms of Service. */}
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-sm text-gray-300 sm:flex-row sm:items-center sm:justify-between sm:px-6 sm:pb-24 lg:px-8">
          <p>© {new Date().getFullYear()} SeniorScope. All rights reserved.</p>
          <nav aria-label="Legal" className="flex gap-6">
            <Link href="/privacy" className={linkClass}>
              Privacy Policy
            </Link>
            <Link href="/terms" className={linkClass}>
              Terms of Service
            </Link>
          </nav>
        </div>
      </div>
    </footer>
  );
}
