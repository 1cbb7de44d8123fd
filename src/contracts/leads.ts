// Information requests (leads): POST /api/leads. The same schema validates the form and the request.
import { z } from 'zod';
import { safeText } from './text';
import { CARE_NEEDS_OPTIONS } from './constants';

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
});
export type CreateLeadResponse = z.infer<typeof createLeadResponseSchema>;
