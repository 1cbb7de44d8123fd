// The two forms of the sign-in page. Values live in the page, so switching tabs or a failed attempt
// never loses what the user typed. Field checks use the same zod schemas as the server.
import { AlertCircle, Loader2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { z } from 'zod';
import {
  loginRequestSchema,
  PASSWORD_MAX,
  PASSWORD_MIN,
  registerRequestSchema,
  TRIAL_DAYS,
} from '../../../../contracts/auth';
import { Alert, AlertDescription } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { serverMessage, useCreateAccount, useSignIn } from '../api/sign-in';
import { FormField } from './form-field';

export interface SignInValues {
  email: string;
  password: string;
}
export interface CreateAccountValues extends SignInValues {
  firstName: string;
}

type FieldErrors = Partial<Record<'email' | 'password' | 'firstName', string>>;

function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path[0];
    if ((key === 'email' || key === 'password' || key === 'firstName') && !out[key]) out[key] = issue.message;
  }
  return out;
}

function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert variant="destructive">
      <AlertCircle aria-hidden="true" />
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}

interface Submitter<R> {
  mutate: (request: R, options: { onSuccess: () => void; onError: (error: Error) => void }) => void;
  isPending: boolean;
  isSuccess: boolean;
}

/**
 * Both forms: check the values with the server's schema (field messages), otherwise send them and
 * show the server's message above the form when it refuses; busy from sending until the page leaves.
 */
function useCheckedSubmit<T, R>(schema: z.ZodType<T>, values: unknown, mutation: Submitter<R>, toRequest: (data: T) => R, onSuccess: () => void) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setFormError(null);
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    mutation.mutate(toRequest(parsed.data), { onSuccess, onError: (err) => setFormError(serverMessage(err)) });
  };
  return { errors, formError, busy: mutation.isPending || mutation.isSuccess, submit };
}

/** The e-mail field, the same on both forms and on the reset request. */
export function EmailField({ value, error, onChange }: { value: string; error: string | undefined; onChange: (email: string) => void }) {
  return (
    <FormField
      label="E-mail"
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      value={value}
      error={error}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** The password field: the saved password on sign in ('current-password'), a new one on create ('new-password'). */
function PasswordField({ kind, value, error, hint, onChange }: { kind: 'current' | 'new'; value: string; error: string | undefined; hint?: string; onChange: (password: string) => void }) {
  return (
    <FormField
      label="Password"
      type="password"
      name={kind === 'current' ? 'password' : 'new-password'}
      autoComplete={`${kind}-password`}
      value={value}
      error={error}
      hint={hint}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** The form's submit button, spinning and disabled while the request runs. */
export function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <Button type="submit" size="lg" disabled={busy} className="w-full">
      {busy && <Loader2 className="animate-spin" aria-hidden="true" />}
      {busy ? busyLabel : label}
    </Button>
  );
}

interface FormProps<V> {
  values: V;
  onChange: (values: V) => void;
  /** Called after the server accepted; the page navigates away. */
  onSuccess: () => void;
}

export function SignInForm({ values, onChange, onSuccess, onCreateInstead }: FormProps<SignInValues> & { onCreateInstead: () => void }) {
  const { errors, formError, busy, submit } = useCheckedSubmit(loginRequestSchema, values, useSignIn(), (data) => data, onSuccess);

  return (
    <form noValidate onSubmit={submit} className="grid gap-5" aria-label="Sign in">
      <FormError message={formError} />
      <EmailField value={values.email} error={errors.email} onChange={(email) => onChange({ ...values, email })} />
      <PasswordField kind="current" value={values.password} error={errors.password} onChange={(password) => onChange({ ...values, password })} />
      <p className="-mt-2 text-right text-sm">
        <a href="/forgot-password" className="font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring">
          Forgot your password?
        </a>
      </p>
      <SubmitButton busy={busy} label="Sign In" busyLabel="Signing in..." />
      <p className="text-center text-sm text-gray-700">
        New here?{' '}
        <button type="button" onClick={onCreateInstead} className="font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring">
          Create a free account
        </button>
      </p>
    </form>
  );
}

export function CreateAccountForm({
  values,
  onChange,
  onSuccess,
  onSignInInstead,
}: FormProps<CreateAccountValues> & { onSignInInstead: () => void }) {
  const { errors, formError, busy, submit } = useCheckedSubmit(
    registerRequestSchema,
    values,
    useCreateAccount(),
    (data) => ({ email: data.email, password: data.password, ...(data.firstName ? { firstName: data.firstName } : {}) }),
    onSuccess,
  );

  const taken = formError === 'An account with this e-mail already exists.';

  return (
    <form noValidate onSubmit={submit} className="grid gap-5" aria-label="Create account">
      <FormError message={formError} />
      {taken && (
        <p className="-mt-2 text-sm text-gray-700">
          Is it yours?{' '}
          <button type="button" onClick={onSignInInstead} className="font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring">
            Sign in instead
          </button>
        </p>
      )}
      <FormField
        label="First name (optional)"
        name="firstName"
        autoComplete="given-name"
        value={values.firstName}
        error={errors.firstName}
        onChange={(e) => onChange({ ...values, firstName: e.target.value })}
      />
      <EmailField value={values.email} error={errors.email} onChange={(email) => onChange({ ...values, email })} />
      <PasswordField
        kind="new"
        value={values.password}
        error={errors.password}
        hint={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters. A short phrase is easy to remember and hard to guess.`}
        onChange={(password) => onChange({ ...values, password })}
      />
      <div className="rounded-lg border border-green-200 bg-primary-soft px-4 py-3 text-sm text-green-950">
        <p className="font-semibold">Your {TRIAL_DAYS}-day Professional trial starts today</p>
        <p className="mt-1 leading-relaxed">
          New accounts get full access for {TRIAL_DAYS} days: operator intelligence, pricing analytics and sentiment analysis. No card is
          needed and nothing is charged; when the trial ends you keep the free Basic plan and your saved communities.
        </p>
      </div>
      <SubmitButton busy={busy} label="Create Account" busyLabel="Creating account..." />
    </form>
  );
}
