// The pages behind the one-time e-mail links, in the sign-in page's style: /forgot-password asks for a
// reset link, /reset-password?token= sets a new password, /verify-email?token= confirms the address.
import { AlertCircle, CheckCircle2, Loader2 } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useSearch } from 'wouter';
import type { ZodType } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, passwordResetRequestSchema, resetPasswordRequestSchema } from '../../../contracts/auth';
import { Alert, AlertDescription } from '../../components/ui/alert';
import { Card, CardContent } from '../../components/ui/card';
import { useRequestPasswordReset, useResetPassword, useVerifyEmail } from './api/account-links';
import { serverMessage } from './api/sign-in';
import { EmailField, SubmitButton } from './components/auth-forms';
import { FormField } from './components/form-field';
import { navigateTo } from './navigate';
import { ButtonLink } from '../../components/button-link';

function AccountPage({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} | SeniorScope`;
  }, [title]);
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:px-6 lg:py-16">
      <h1 className="text-3xl font-bold tracking-tight text-gray-900">{title}</h1>
      <p className="mt-2 text-base text-gray-700">{intro}</p>
      <Card className="mt-6">
        <CardContent className="grid gap-5 pt-6">{children}</CardContent>
      </Card>
      <p className="mt-6 text-center text-sm text-gray-700">
        <Link href="/api/login" className="font-medium text-primary underline-offset-4 hover:underline">
          Back to sign in
        </Link>
      </p>
    </div>
  );
}

function Notice({ kind, children }: { kind: 'ok' | 'error'; children: ReactNode }) {
  return (
    <Alert variant={kind === 'error' ? 'destructive' : 'default'}>
      {kind === 'error' ? <AlertCircle aria-hidden="true" /> : <CheckCircle2 aria-hidden="true" />}
      <AlertDescription>{children}</AlertDescription>
    </Alert>
  );
}

const tokenFromSearch = (search: string) => new URLSearchParams(search).get('token') ?? '';

/**
 * An account form checked against its request schema before it is sent: an issue with `field` is shown at
 * the field, any other (the link's token) above the form, and so is the server's answer when sending fails.
 */
function useCheckedForm<T>(schema: ZodType<T>, field: string, send: (data: T, onError: (err: unknown) => void) => void) {
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const submit = (values: unknown) => (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setFormError(null);
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      if (issue?.path[0] === field) setError(issue.message);
      else setFormError(issue?.message ?? 'This link is incomplete.');
      return;
    }
    setError(undefined);
    send(parsed.data, (err) => setFormError(serverMessage(err)));
  };
  return { error, formError, submit };
}

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const request = useRequestPasswordReset();
  const { error, formError, submit } = useCheckedForm(passwordResetRequestSchema, 'email', (data, onError) => request.mutate(data, { onError }));

  return (
    <AccountPage title="Reset Your Password" intro="Enter the e-mail address of your account and we will send you a link to choose a new password.">
      {request.isSuccess ? (
        <Notice kind="ok">{request.data.message}</Notice>
      ) : (
        <form noValidate onSubmit={submit({ email })} className="grid gap-5" aria-label="Reset password">
          {formError && <Notice kind="error">{formError}</Notice>}
          <EmailField value={email} error={error} onChange={setEmail} />
          <SubmitButton busy={request.isPending} label="Send Reset Link" busyLabel="Sending..." />
        </form>
      )}
    </AccountPage>
  );
}

export function ResetPasswordPage() {
  const token = tokenFromSearch(useSearch());
  const [password, setPassword] = useState('');
  const reset = useResetPassword();
  // Signed in with the new password: a full navigation home, so everything starts over signed in.
  const { error, formError, submit } = useCheckedForm(resetPasswordRequestSchema, 'password', (data, onError) =>
    reset.mutate(data, { onSuccess: () => navigateTo('/'), onError }),
  );
  const busy = reset.isPending || reset.isSuccess;

  return (
    <AccountPage title="Choose a New Password" intro="Your new password ends every other signed-in session of your account.">
      <form noValidate onSubmit={submit({ token, password })} className="grid gap-5" aria-label="Choose a new password">
        {formError && (
          <Notice kind="error">
            {formError}{' '}
            <Link href="/forgot-password" className="font-medium underline underline-offset-4">
              Ask for a new link
            </Link>
          </Notice>
        )}
        <FormField
          label="New password"
          type="password"
          name="password"
          autoComplete="new-password"
          value={password}
          error={error}
          hint={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`}
          onChange={(e) => setPassword(e.target.value)}
        />
        <SubmitButton busy={busy} label="Set New Password" busyLabel="Saving..." />
      </form>
    </AccountPage>
  );
}

export function VerifyEmailPage() {
  const token = tokenFromSearch(useSearch());
  const verify = useVerifyEmail();
  const sent = useRef(false);
  useEffect(() => {
    // Once per page view (React's development double effects included).
    if (sent.current || !token) return;
    sent.current = true;
    verify.mutate({ token });
  }, [token, verify]);

  return (
    <AccountPage title="Confirm Your E-mail" intro="One moment while we confirm your e-mail address.">
      <div aria-live="polite">
        {!token && <Notice kind="error">This link is incomplete. Open the whole link from the e-mail we sent you.</Notice>}
        {token && (verify.isPending || verify.isIdle) && (
          <p className="flex items-center gap-2 text-gray-700">
            <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Confirming...
          </p>
        )}
        {verify.isSuccess && <Notice kind="ok">Thank you: {verify.data.email} is confirmed.</Notice>}
        {verify.isError && <Notice kind="error">{serverMessage(verify.error)}</Notice>}
      </div>
      {verify.isSuccess && <ButtonLink href="/" size="lg" className="w-full" plain>Continue</ButtonLink>}
    </AccountPage>
  );
}
