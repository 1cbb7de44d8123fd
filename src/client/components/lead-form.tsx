// The information-request form (SPEC sections 2, 4, 5 and 8), shared by the community detail page
// and the search page's 'Request Information' dialog.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ComponentProps, type FormEvent, type MouseEvent, useId, useState } from 'react';
import { CARE_NEEDS_OPTIONS } from '../../contracts/constants';
import type { CreateLeadRequest, CreateLeadResponse } from '../../contracts/leads';
import { CONSENT_CALL_LABEL, CONSENT_TEXT_LABEL, LEAD_LIMITS, LEAD_RECIPIENT_NOTICE, createLeadRequestSchema } from '../../contracts/leads';
import { Link } from 'wouter';
import { ApiError } from '../lib/api';
import { LEADS_QUERY_KEY, createLead, newIdempotencyKey } from '../lib/leads';
import { cn } from '../lib/utils';
import { Button } from './ui/button';
import { Checkbox } from './ui/checkbox';
import { Input } from './ui/input';
import { Label } from './ui/label';
import { Textarea } from './ui/textarea';
import { useToast } from './ui/use-toast';

export interface LeadFormProps {
  communityId?: number;
  onSuccess?: () => void;
  className?: string;
}

interface LeadFormState {
  name: string;
  email: string;
  phone: string;
  careNeeds: string[];
  notes: string;
  /** Explicit consent (issue 16): never ticked in advance. */
  consentCall: boolean;
  consentText: boolean;
}

const EMPTY: LeadFormState = { name: '', email: '', phone: '', careNeeds: [], notes: '', consentCall: false, consentText: false };

/**
 * The server's reason for rejecting a request (a 4xx says why), readable for the visitor; null for
 * network errors and 5xx, where only the generic message applies.
 */
export function leadRejectionReason(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500 || !error.reason) return null;
  // 'body.phone: Phone must include at least 7 digits' -> 'Phone must include at least 7 digits'
  return Object.values(error.fieldErrors)[0] ?? error.reason.replace(/^body: /, '');
}

/** A text field of the form: its label (a star when required) and its input, named and capped after its field. */
function LeadInput({ formId, field, label, required, ...input }: { formId: string; field: 'name' | 'email' | 'phone'; label: string; required?: boolean } & ComponentProps<typeof Input>) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={`${formId}-${field}`}>
        {label}
        {required && (
          <>
            {' '}
            <span aria-hidden="true" className="text-destructive">
              *
            </span>
          </>
        )}
      </Label>
      <Input id={`${formId}-${field}`} name={field} required={required} maxLength={LEAD_LIMITS[field]} {...input} />
    </div>
  );
}

export function LeadForm({ communityId, onSuccess, className }: LeadFormProps) {
  const id = useId();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<LeadFormState>(EMPTY);
  const [rejection, setRejection] = useState<string | null>(null);
  /** The last request sent: its private status link stays visible until the next one. */
  const [sent, setSent] = useState<CreateLeadResponse | null>(null);

  const mutation = useMutation({
    // One Idempotency-Key per submit; createLead reuses it on its automatic retry.
    mutationFn: (lead: CreateLeadRequest) => createLead(lead, newIdempotencyKey()),
    onSuccess: async (response) => {
      setRejection(null);
      setSent(response);
      toast({ title: 'Information Request Sent', description: 'Thank you! A care advisor will contact you within 24 hours.' });
      setForm(EMPTY);
      onSuccess?.();
      await queryClient.invalidateQueries({ queryKey: LEADS_QUERY_KEY });
    },
    onError: (error) => {
      // The form keeps what was typed so the visitor can simply try again.
      console.warn('Information request failed:', error);
      setRejection(leadRejectionReason(error));
      toast({ title: 'Error', description: 'Failed to submit request. Please try again.', variant: 'destructive' });
    },
  });

  const missingRequired = () => !form.name.trim() || !form.email.trim();
  const showRequiredToast = () =>
    // A plain toast (SPEC section 8 names only the submit failure and sign-in toasts destructive).
    toast({ title: 'Required Fields', description: 'Please fill in your name and email address.' });

  // Clicking submit (or pressing Enter) with an empty required field: the toast of the spec, plus the
  // browser's own hint on the first empty field; nothing is sent.
  const onSubmitClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (!missingRequired()) return;
    event.preventDefault();
    showRequiredToast();
    event.currentTarget.form?.reportValidity();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    if (missingRequired()) {
      showRequiredToast();
      return;
    }
    const lead: CreateLeadRequest = {
      name: form.name.trim(),
      email: form.email.trim(),
      phone: form.phone.trim() || undefined,
      communityId,
      careNeeds: form.careNeeds as CreateLeadRequest['careNeeds'],
      notes: form.notes.trim() || undefined,
      source: 'website',
      consentCall: form.consentCall,
      consentText: form.consentText,
    };
    // The server's schema checks the values first; what it would refuse is said here, nothing is sent.
    const checked = createLeadRequestSchema.safeParse(lead);
    if (!checked.success) {
      setRejection(checked.error.issues[0]?.message ?? 'Please check the form.');
      return;
    }
    setRejection(null);
    mutation.mutate(lead);
  };

  const set = <K extends keyof LeadFormState>(key: K, value: LeadFormState[K]) => setForm((f) => ({ ...f, [key]: value }));
  const toggleNeed = (need: string, checked: boolean) =>
    setForm((f) => ({ ...f, careNeeds: checked ? [...f.careNeeds.filter((n) => n !== need), need] : f.careNeeds.filter((n) => n !== need) }));

  return (
    <form onSubmit={onSubmit} className={cn('flex flex-col gap-4', className)} aria-label="Request information" aria-describedby={rejection ? `${id}-rejection` : undefined}>
      <LeadInput formId={id} field="name" label="Name" required autoComplete="name" value={form.name} onChange={(e) => set('name', e.target.value)} />
      <LeadInput formId={id} field="email" label="Email" required type="email" autoComplete="email" value={form.email} onChange={(e) => set('email', e.target.value)} />
      <LeadInput formId={id} field="phone" label="Phone" type="tel" autoComplete="tel" value={form.phone} onChange={(e) => set('phone', e.target.value)} />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium text-gray-800">Care Needs</legend>
        <div className="grid grid-cols-1 gap-x-4 gap-y-2.5 sm:grid-cols-2">
          {CARE_NEEDS_OPTIONS.map((need, i) => {
            const checkboxId = `${id}-need-${i}`;
            return (
              <div key={need} className="flex items-center gap-2">
                <Checkbox
                  id={checkboxId}
                  name="careNeeds"
                  value={need}
                  checked={form.careNeeds.includes(need)}
                  onCheckedChange={(checked) => toggleNeed(need, checked === true)}
                />
                <Label htmlFor={checkboxId} className="cursor-pointer text-sm font-normal text-gray-700">
                  {need}
                </Label>
              </div>
            );
          })}
        </div>
      </fieldset>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-notes`}>Notes</Label>
        <Textarea
          id={`${id}-notes`}
          name="notes"
          rows={3}
          className="min-h-0"
          maxLength={LEAD_LIMITS.notes}
          placeholder="Anything the care advisor should know (timing, budget, questions)"
          value={form.notes}
          onChange={(e) => set('notes', e.target.value)}
        />
      </div>
      <fieldset className="flex flex-col gap-2 rounded-md border border-border p-3">
        <legend className="px-1 text-sm font-medium text-gray-800">May we call or text you?</legend>
        {(
          [
            ['consentCall', CONSENT_CALL_LABEL],
            ['consentText', CONSENT_TEXT_LABEL],
          ] as const
        ).map(([key, label]) => (
          <div key={key} className="flex items-center gap-2">
            <Checkbox id={`${id}-${key}`} name={key} checked={form[key]} onCheckedChange={(checked) => set(key, checked === true)} />
            <Label htmlFor={`${id}-${key}`} className="cursor-pointer text-sm font-normal text-gray-700">
              {label}
            </Label>
          </div>
        ))}
        <p className="text-xs text-muted-foreground">Leave both unticked and the advisor answers by e-mail.</p>
      </fieldset>
      <p className="text-sm text-gray-700" data-testid="lead-recipient-notice">
        {LEAD_RECIPIENT_NOTICE}
      </p>
      {rejection && (
        <p id={`${id}-rejection`} role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {rejection}
        </p>
      )}
      <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending} onClick={onSubmitClick}>
        {mutation.isPending ? 'Sending...' : 'Request Information'}
      </Button>
      <p className="text-xs text-muted-foreground">A care advisor will contact you within 24 hours. Fields marked * are required.</p>
      {sent && (
        <div role="status" className="rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900" data-testid="lead-sent">
          Request sent. We e-mailed you a receipt{sent.statusUrl ? ' with a private link' : ''} to follow it.{' '}
          {sent.statusUrl && (
            <Link href={sent.statusUrl} className="font-medium underline underline-offset-4">
              Follow your request
            </Link>
          )}
        </div>
      )}
    </form>
  );
}
