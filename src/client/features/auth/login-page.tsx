// /api/login: a real sign-in and sign-up page (the server serves the client here). After success a
// full navigation to ?returnTo (same-origin paths only) so the header and all data start over signed in.
import { Bookmark, KeyRound, LineChart, ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { AUTH_MESSAGES, safeReturnTo } from '../../../contracts/auth';
import { Alert, AlertDescription } from '../../components/ui/alert';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useAuthConfig } from './api/auth-config';
import { CreateAccountForm, SignInForm, type CreateAccountValues, type SignInValues } from './components/auth-forms';
import { navigateTo } from './navigate';
import { ButtonLink } from '../../components/button-link';
import { TileList, type Tile } from '../../components/marketing';

type Mode = 'signin' | 'create';

const SSO_ERRORS: Record<string, string> = {
  sso_unavailable: AUTH_MESSAGES.ssoUnavailable,
  sso_failed: AUTH_MESSAGES.ssoFailed,
  sso_unverified: AUTH_MESSAGES.ssoUnverifiedAccount,
};

const BENEFITS: Tile[] = [
  { icon: Bookmark, title: 'Save communities', text: 'Keep a shortlist of the places you like and come back to it from any device.' },
  { icon: LineChart, title: 'Market intelligence', text: 'Operator profiles, pricing analytics and review sentiment across the country.' },
  { icon: ShieldCheck, title: 'Private by design', text: 'Your password is stored only as a strong one-way hash. We never sell your data.' },
];

export function LoginPage() {
  const params = new URLSearchParams(useSearch());
  const returnTo = safeReturnTo(params.get('returnTo'));
  const ssoError = SSO_ERRORS[params.get('error') ?? ''] ?? null;
  const [mode, setMode] = useState<Mode>(params.get('mode') === 'create' ? 'create' : 'signin');
  const [signIn, setSignIn] = useState<SignInValues>({ email: '', password: '' });
  const [create, setCreate] = useState<CreateAccountValues>({ email: '', password: '', firstName: '' });
  const config = useAuthConfig();

  useEffect(() => {
    document.title = `${mode === 'signin' ? 'Sign In' : 'Create Account'} | SeniorScope`;
  }, [mode]);

  // Carry the e-mail over when switching forms, unless the other form already has one.
  const switchTo = (next: Mode) => {
    if (next === 'create' && !create.email) setCreate((v) => ({ ...v, email: signIn.email }));
    if (next === 'signin' && !signIn.email) setSignIn((v) => ({ ...v, email: create.email }));
    setMode(next);
  };

  const done = () => navigateTo(returnTo);
  const ssoHref = `/api/login?sso=1${returnTo !== '/' ? `&returnTo=${encodeURIComponent(returnTo)}` : ''}`;

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-10 px-4 py-10 sm:px-6 lg:grid-cols-[minmax(0,28rem)_1fr] lg:gap-16 lg:px-8 lg:py-16">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-gray-900">{mode === 'signin' ? 'Sign In' : 'Create Your Account'}</h1>
        <p className="mt-2 text-base text-gray-700">
          {mode === 'signin' ? 'Welcome back. Sign in to see your saved communities and insights.' : 'It takes a minute, and it is free.'}
        </p>

        <Card className="mt-6">
          <CardHeader className="pb-4">
            <Tabs value={mode} onValueChange={(v) => switchTo(v as Mode)}>
              <TabsList className="grid w-full grid-cols-2">
                <TabsTrigger value="signin">Sign In</TabsTrigger>
                <TabsTrigger value="create">Create Account</TabsTrigger>
              </TabsList>
              <TabsContent value="signin" className="mt-6">
                {ssoError && mode === 'signin' && <SsoError message={ssoError} />}
                <SignInForm values={signIn} onChange={setSignIn} onSuccess={done} onCreateInstead={() => switchTo('create')} />
              </TabsContent>
              <TabsContent value="create" className="mt-6">
                {ssoError && mode === 'create' && <SsoError message={ssoError} />}
                <CreateAccountForm values={create} onChange={setCreate} onSuccess={done} onSignInInstead={() => switchTo('signin')} />
              </TabsContent>
            </Tabs>
          </CardHeader>
          {config.data?.oidc && (
            <CardContent>
              <div className="mb-4 flex items-center gap-3 text-sm text-gray-600" aria-hidden="true">
                <span className="h-px flex-1 bg-gray-200" />
                or
                <span className="h-px flex-1 bg-gray-200" />
              </div>
              <ButtonLink href={ssoHref} variant="outline" size="lg" className="w-full" plain>
                <KeyRound aria-hidden="true" />
                Continue with single sign-on
              </ButtonLink>
            </CardContent>
          )}
        </Card>
      </div>

      <aside aria-labelledby="why-sign-in" className="self-center rounded-2xl bg-primary-soft/60 p-6 sm:p-8">
        <h2 id="why-sign-in" className="text-xl font-semibold text-gray-900">
          Why create an account?
        </h2>
        <TileList
          tiles={BENEFITS}
          as="ul"
          className="mt-6 grid gap-6"
          itemClassName="flex gap-4"
          iconBox="flex size-10 shrink-0 items-center justify-center rounded-full bg-white text-primary shadow-sm"
          iconClassName="size-5"
          beside
          titleAs="p"
          titleClassName="font-medium text-gray-900"
          textClassName="mt-1 text-sm leading-relaxed text-gray-700"
        />
        <p className="mt-8 text-sm text-gray-700">
          Searching for a community never needs an account: everything in the directory stays open to everyone.
        </p>
      </aside>
    </div>
  );
}

function SsoError({ message }: { message: string }) {
  return (
    <Alert variant="destructive" className="mb-5">
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}
