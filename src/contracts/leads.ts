// Information requests (leads): POST /api/leads. The same schema validates the form and the request.
import { z } from 'zod';
import { safeText } from './text';
import { CARE_NEEDS_OPTIONS, LEAD_STATUSES, type LeadStatus } from './constants';

export const LEAD_LIMITS = {
  name: 120,
  email: 254,
  phone: 40,
  notes: 4000,
  source: 40,
} as const;

/** Trimmed optional text: '' and whitespace become undefined. */
const optionalText = (max: number, label: string, multiline = false) =>
  safeText({ multiline })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : undefined));

export const createLeadRequestSchema = z.object({
  name: safeText({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(LEAD_LIMITS.name, `Name must be at most ${LEAD_LIMITS.name} characters`),
  email: safeText({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(LEAD_LIMITS.email, `Email must be at most ${LEAD_LIMITS.email} characters`)
    .pipe(z.email('Enter a valid email address')),
  /** Free-form ('(512) 555-0100 ext. 12'), but it must hold a real number: at least 7 digits. */
  phone: optionalText(LEAD_LIMITS.phone, 'Phone').pipe(
    safeText()
      .regex(/^[^<>\p{Cc}]*$/u, 'Phone contains characters that are not allowed')
      .refine((v) => (v.match(/[0-9]/g)?.length ?? 0) >= 7, 'Phone must include at least 7 digits')
      .optional(),
  ),
  communityId: z.number().int().positive().max(2_147_483_647).nullish(),
  careNeeds: z
    .array(z.enum(CARE_NEEDS_OPTIONS, { error: `Care needs must be among: ${CARE_NEEDS_OPTIONS.join(', ')}` }))
    .max(CARE_NEEDS_OPTIONS.length)
    .default([])
    .transform((v) => [...new Set(v)]),
  notes: optionalText(LEAD_LIMITS.notes, 'Notes', true),
  source: safeText()
    .trim()
    .regex(/^[a-z0-9][a-z0-9_-]*$/i, 'Source must be a short word like website')
    .max(LEAD_LIMITS.source)
    .default('website'),
  /** Explicit consent to be called / texted (issue 16): unticked unless the requester ticks it. */
  consentCall: z.boolean({ error: 'consentCall must be true or false' }).default(false),
  consentText: z.boolean({ error: 'consentText must be true or false' }).default(false),
});
/** What a client sends. */
export type CreateLeadRequest = z.input<typeof createLeadRequestSchema>;
/** What the server stores after validation. */
export type CreateLeadInput = z.output<typeof createLeadRequestSchema>;

export const createLeadResponseSchema = z.object({
  id: z.number().int(),
  status: z.literal('received'),
  communityId: z.number().int().nullable(),
  createdAt: z.string(),
  message: z.string(),
  /**
   * The private status page (`/requests/track#<token>`), also e-mailed as the receipt. Null on an
   * idempotent replay: only the token's hash is stored, so the first answer's link cannot be repeated.
   */
  statusUrl: z.string().nullable(),
});
export type CreateLeadResponse = z.infer<typeof createLeadResponseSchema>;

/** Who receives a request, said on the form before sending (issue 16; exact text). */
export const LEAD_RECIPIENT_NOTICE =
  'Your request goes to the care advisor team of this site; we will not share your details with other communities without asking you.';
export const CONSENT_CALL_LABEL = 'A care advisor may call me at this number';
export const CONSENT_TEXT_LABEL = 'A care advisor may text me at this number';

/** The path of the private status page; the token travels in the fragment, so it never reaches a server log. */
export const REQUEST_TRACK_PATH = '/requests/track';
export const requestTrackUrl = (token: string) => `${REQUEST_TRACK_PATH}#${token}`;

/** A status-link token: 32 random bytes, base64url (43 characters). */
export const requestTokenSchema = z.object({
  token: safeText({ error: 'token is required' }).regex(/^[A-Za-z0-9_-]{43}$/, 'This link is not valid. Open the link from your e-mail again.'),
});

/** What the family is told about each status (the desk's statuses in the family's words). */
export const FAMILY_STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'Received',
  contacted: 'An advisor contacted you',
  tour_scheduled: 'Visit scheduled',
  closed: 'Closed',
  withdrawn: 'Withdrawn by you',
};
/** Statuses the family may still withdraw from. */
export const WITHDRAWABLE_STATUSES: readonly LeadStatus[] = ['new', 'contacted', 'tour_scheduled'];

export const requestStatusSchema = z.object({
  id: z.number().int(),
  status: z.enum(LEAD_STATUSES),
  statusLabel: z.string(),
  community: z.object({ id: z.number().int(), name: z.string(), city: z.string(), state: z.string() }).nullable(),
  careNeeds: z.array(z.string()),
  consentCall: z.boolean(),
  consentText: z.boolean(),
  createdAt: z.string(),
  /** The 24-hour promise: arrival + ADVISOR_RESPONSE_HOURS. */
  dueAt: z.string(),
  /** When the desk first moved the request out of 'received' (the clock stops); null while it runs. */
  respondedAt: z.string().nullable(),
  /** Still 'received' and past dueAt. */
  overdue: z.boolean(),
  withdrawnAt: z.string().nullable(),
  canWithdraw: z.boolean(),
  /** Status changes, oldest first (the desk's internal notes and who made the change are not shown). */
  history: z.array(z.object({ status: z.enum(LEAD_STATUSES), label: z.string(), at: z.string() })),
});
export type RequestStatus = z.infer<typeof requestStatusSchema>;

export const myRequestsResponseSchema = z.object({ requests: z.array(requestStatusSchema) });
export type MyRequestsResponse = z.infer<typeof myRequestsResponseSchema>;
