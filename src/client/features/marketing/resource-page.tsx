import { ArrowLeftIcon, BookOpenIcon } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { NotFoundPage } from '../../components/not-found';
import { SUPPORT_EMAIL, SUPPORT_PHONE } from '../../lib/site';
import { carePlanning } from './resources/care-planning';
import { faq } from './resources/faq';
import { financing } from './resources/financing';
import { moving } from './resources/moving';
import { privacy } from './resources/privacy';
import { terms } from './resources/terms';
import { type ResourceDoc } from './resources/types';
import { ButtonLink } from '../../components/button-link';
import { TextLink } from '../../components/text-link';

const DOCS: Record<string, ResourceDoc> = {
  'care-planning': carePlanning,
  financing,
  moving,
  faq,
  privacy,
  terms,
};

const GUIDES = [carePlanning, financing, moving, faq];

/** '/resources/financing' -> 'financing'; '/privacy' -> 'privacy' (case-insensitive). */
export function resourceSlug(path: string): string {
  const parts = path.toLowerCase().split('/').filter(Boolean);
  if (parts[0] === 'resources') return parts.length === 2 ? parts[1] : '';
  return parts.length === 1 ? parts[0] : '';
}

export function ResourcePage() {
  const [location] = useLocation();
  const doc = DOCS[resourceSlug(location)];

  useEffect(() => {
    document.title = `${doc ? doc.title : 'Page Not Found'} | SeniorScope`;
  }, [doc]);

  if (!doc) return <NotFoundPage />;
  const isLegal = doc.slug === 'privacy' || doc.slug === 'terms';

  return (
    <div className="w-full">
      <div className="border-b bg-primary-soft">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:px-8">
          <p className="flex items-center gap-2 text-sm font-semibold tracking-wide text-green-800 uppercase">
            <BookOpenIcon className="size-4" aria-hidden="true" />
            {isLegal ? 'Legal' : 'Resources'} · {doc.kicker}
          </p>
          <h1 className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">{doc.title}</h1>
          {doc.updated && <p className="mt-2 text-sm text-gray-600">Last updated {doc.updated}</p>}
          <div className="mt-5 max-w-3xl text-lg">{doc.intro}</div>
        </div>
      </div>

      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[16rem_1fr] lg:px-8">
        <aside className="lg:sticky lg:top-24 lg:self-start">
          <nav aria-label="On this page" className="rounded-lg border bg-white p-5">
            <h2 className="text-sm font-semibold tracking-wide text-gray-900 uppercase">On this page</h2>
            <ol className="mt-3 space-y-2 text-sm">
              {doc.sections.map((s) => (
                <li key={s.id}>
                  <a href={`#${s.id}`} className="text-gray-700 hover:text-primary hover:underline">
                    {s.heading}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
          {!isLegal && (
            <nav aria-label="More guides" className="mt-6 hidden rounded-lg border bg-white p-5 lg:block">
              <h2 className="text-sm font-semibold tracking-wide text-gray-900 uppercase">More guides</h2>
              <ul className="mt-3 space-y-2 text-sm">
                {GUIDES.filter((g) => g.slug !== doc.slug).map((g) => (
                  <li key={g.slug}>
                    <Link href={`/resources/${g.slug}`} className="text-gray-700 hover:text-primary hover:underline">
                      {g.kicker}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          )}
        </aside>

        <article className="min-w-0 space-y-12">
          {doc.sections.map((s) => (
            <section key={s.id} id={s.id} aria-labelledby={`${s.id}-heading`} className="scroll-mt-24 space-y-4">
              <h2 id={`${s.id}-heading`} className="text-2xl font-semibold tracking-tight">
                {s.heading}
              </h2>
              {s.body}
            </section>
          ))}

          <section aria-labelledby="help-heading" className="rounded-xl border border-green-200 bg-primary-soft p-6">
            <h2 id="help-heading" className="text-xl font-semibold">
              Need help?
            </h2>
            <p className="mt-2 text-gray-700">
              Call us at{' '}
              <TextLink href={SUPPORT_PHONE.href}>
                {SUPPORT_PHONE.display}
              </TextLink>{' '}
              or write to{' '}
              <TextLink href={`mailto:${SUPPORT_EMAIL}`}>
                {SUPPORT_EMAIL}
              </TextLink>
              .
            </p>
            <div className="mt-4 flex flex-wrap gap-3">
              <ButtonLink href="/search">Search Communities</ButtonLink>
              <ButtonLink href="/" variant="outline">
                <ArrowLeftIcon aria-hidden="true" />
                Back to Home
              </ButtonLink>
            </div>
          </section>
        </article>
      </div>
    </div>
  );
}
