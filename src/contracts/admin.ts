// The care-advisor desk (/admin): the requests inbox (GET /api/leads and /api/admin/leads/*), users
// (/api/admin/users) and data (/api/admin/data, POST /api/admin/imports). Admin role only.
import { z } from 'zod';
import { pagedTotalFields, pageQueryFields } from './paging';
import { safeText } from './text';
import { USER_PLANS, USER_ROLES, userNameFields, userPlanFields } from './auth';
import { LEAD_STATUSES, type LeadStatus } from './constants';

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  tour_scheduled: 'Tour scheduled',
  closed: 'Closed',
  withdrawn: 'Withdrawn by the family',
};

/**
 * The allowed moves of a request. new -> closed is allowed for spam, duplicates and requests that
 * cannot be reached (a note says why); closed is final. Anything else is refused with 409.
 */
export const LEAD_TRANSITIONS: Record<LeadStatus, readonly LeadStatus[]> = {
  new: ['contacted', 'closed'],
  contacted: ['tour_scheduled', 'closed'],
  tour_scheduled: ['closed'],
  closed: [],
  // The family's move (POST /api/requests/.../withdraw); the desk sees it and cannot move it on.
  withdrawn: [],
};

/** 'sending': claimed by one app node right now (or a node died while sending: due again after a while). */
export const NOTIFICATION_STATUSES = ['pending', 'sending', 'sent', 'logged', 'failed'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

export const ADMIN_PAGE_SIZE = 25;
export const ADMIN_MAX_PAGE_SIZE = 100;

const idParam = z.coerce
  .number({ error: 'id must be a positive whole number' })
  .int('id must be a positive whole number')
  .positive('id must be a positive whole number')
  .max(2_147_483_647, 'id must be a positive whole number');
export const adminIdParamsSchema = z.object({ id: idParam });

const optionalQueryText = (max: number) =>
  safeText()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : undefined));

const paging = pageQueryFields({ maxPageSize: ADMIN_MAX_PAGE_SIZE, defaultPageSize: ADMIN_PAGE_SIZE });

/** Filters of the inbox (also used by the CSV export). */
export const leadFiltersSchema = z.object({
  status: z
    .enum([...LEAD_STATUSES, 'all', 'open', 'overdue'], { error: `status must be one of ${LEAD_STATUSES.join(', ')}, open, overdue or all` })
    .default('all'),
  state: safeText()
    .trim()
    .toUpperCase()
    .optional()
    .transform((v) => (v && v !== 'ALL' ? v : undefined))
    .pipe(safeText().regex(/^[A-Z]{2}$/, 'state must be a two-letter code').optional()),
  communityId: z
    .union([z.literal(''), z.literal('all'), idParam])
    .optional()
    .transform((v) => (v === '' || v === 'all' ? undefined : v)),
  q: optionalQueryText(200),
});
export type LeadFilters = z.output<typeof leadFiltersSchema>;

export const leadListQuerySchema = leadFiltersSchema.extend(paging);
export type LeadListQuery = z.input<typeof leadListQuerySchema>;

export const adminLeadSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  careNeeds: z.array(z.string()),
  notes: z.string().nullable(),
  source: z.string(),
  status: z.enum(LEAD_STATUSES),
  statusChangedAt: z.string().nullable(),
  statusChangedBy: z.string().nullable(),
  community: z
    .object({ id: z.number().int(), name: z.string(), city: z.string().nullable(), state: z.string().nullable(), email: z.string().nullable() })
    .nullable(),
  /** ISO timestamp of arrival. */
  createdAt: z.string(),
  /** Whole hours since arrival. */
  ageHours: z.number().int(),
  /** When the advisor promise (ADVISOR_RESPONSE_HOURS after arrival) runs out. */
  dueAt: z.string(),
  /** Still 'new' and past dueAt. */
  overdue: z.boolean(),
  /** The statuses this request may move to next. */
  nextStatuses: z.array(z.enum(LEAD_STATUSES)),
  /** The requester's explicit consent to calls and texts, recorded with the request (issue 16). */
  consent: z.object({ call: z.boolean(), text: z.boolean() }),
  /** When the family withdrew the request (status 'withdrawn'). */
  withdrawnAt: z.string().nullable(),
  notification: z.object({
    status: z.enum(NOTIFICATION_STATUSES),
    attempts: z.number().int(),
    error: z.string().nullable(),
    /** Sent/logged: when it went out. Failed: when the last attempt failed. */
    at: z.string().nullable(),
  }),
});
export type AdminLead = z.infer<typeof adminLeadSchema>;

export const leadListResponseSchema = z.object({
  leads: z.array(adminLeadSchema),
  ...pagedTotalFields,
  /** Overdue requests among all requests (not only this filter). */
  overdueCount: z.number().int(),
  /** The states and communities that have requests, for the filter menus. */
  facets: z.object({
    states: z.array(z.string()),
    communities: z.array(z.object({ id: z.number().int(), name: z.string(), state: z.string().nullable() })),
  }),
});
export type LeadListResponse = z.infer<typeof leadListResponseSchema>;

export const leadEventSchema = z.object({
  id: z.number().int(),
  fromStatus: z.enum(LEAD_STATUSES).nullable(),
  toStatus: z.enum(LEAD_STATUSES),
  changedBy: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type LeadEvent = z.infer<typeof leadEventSchema>;

export const leadDetailResponseSchema = adminLeadSchema.extend({ events: z.array(leadEventSchema) });
export type LeadDetailResponse = z.infer<typeof leadDetailResponseSchema>;

export const LEAD_NOTE_MAX = 1000;
export const leadStatusRequestSchema = z.object({
  status: z.enum(LEAD_STATUSES, { error: `status must be one of ${LEAD_STATUSES.join(', ')}` }),
  note: safeText({ multiline: true })
    .trim()
    .max(LEAD_NOTE_MAX, `The note can have at most ${LEAD_NOTE_MAX} characters`)
    .nullish()
    .transform((v) => (v ? v : undefined)),
});
export type LeadStatusRequest = z.input<typeof leadStatusRequestSchema>;

export { USER_PLANS, USER_ROLES };

export const userListQuerySchema = z.object({ q: optionalQueryText(200), ...paging });
export type UserListQuery = z.input<typeof userListQuerySchema>;

export const adminUserSchema = z.object({
  ...userNameFields,
  ...userPlanFields,
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const userListResponseSchema = z.object({
  users: z.array(adminUserSchema),
  ...pagedTotalFields,
  adminCount: z.number().int(),
});
export type UserListResponse = z.infer<typeof userListResponseSchema>;

export const userPatchRequestSchema = z
  .object({
    role: z.enum(USER_ROLES, { error: 'role must be user or admin' }).optional(),
    plan: z.enum(USER_PLANS, { error: 'plan must be basic or pro' }).optional(),
    /** ISO date-time (or YYYY-MM-DD), or null to end the trial. */
    trialEndsAt: z
      .union([z.iso.datetime({ offset: true }), z.iso.date()], { error: 'trialEndsAt must be an ISO date or date-time' })
      .nullable()
      .optional(),
  })
  .refine((v) => v.role !== undefined || v.plan !== undefined || v.trialEndsAt !== undefined, {
    message: 'Send at least one of role, plan, trialEndsAt',
  });
export type UserPatchRequest = z.input<typeof userPatchRequestSchema>;

/** What an import did with the file's rows (the import history and the answer of an upload). */
const importRowCountFields = {
  rowsRead: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
};
/** Rejected rows: the file's line and why. */
const importRejectionsSchema = z.array(z.object({ line: z.number(), reason: z.string() }));

export const importRecordSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  fileName: z.string(),
  status: z.string(),
  ...importRowCountFields,
  rejected: z.number().int(),
  /** The first rejections ({ line, reason }). */
  rejections: importRejectionsSchema,
  error: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ImportRecord = z.infer<typeof importRecordSchema>;

export const dataOverviewResponseSchema = z.object({
  tables: z.array(z.object({ table: z.string(), rows: z.number().int() })),
  sources: z.array(z.object({ table: z.enum(['communities', 'operators']), source: z.string(), rows: z.number().int() })),
  imports: z.array(importRecordSchema),
});
export type DataOverviewResponse = z.infer<typeof dataOverviewResponseSchema>;

export const IMPORT_UPLOAD_KINDS = ['auto', 'cms', 'fl', 'tx', 'licensed'] as const;
export type ImportUploadKind = (typeof IMPORT_UPLOAD_KINDS)[number];
export const IMPORT_UPLOAD_KIND_LABELS: Record<ImportUploadKind, string> = {
  auto: 'Detect from the header',
  cms: 'CMS nursing homes (Provider Information)',
  fl: 'Florida AHCA assisted living',
  tx: 'Texas HHSC assisted living',
  licensed: 'State licence list (any state)',
};
/** The upload cap of POST /api/admin/imports. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;

export const importSummaryResponseSchema = z.object({
  importId: z.number().int().nullable(),
  kind: z.string(),
  layout: z.string(),
  fileName: z.string(),
  ...importRowCountFields,
  unchanged: z.number().int(),
  rejected: z.number().int(),
  /** The first 50 rejections. */
  rejections: importRejectionsSchema,
  operators: z.object({ inserted: z.number().int(), updated: z.number().int() }),
  /** Licence lists: facilities of the agency absent from this newer complete list (kept, marked no longer listed). */
  delisted: z.number().int().optional(),
  /** Licence lists: which header mapped to which field ('name <- "facility_name"'). */
  mapped: z.array(z.string()).optional(),
});
export type ImportSummaryResponse = z.infer<typeof importSummaryResponseSchema>;

export const notifyResponseSchema = z.object({
  id: z.number().int(),
  notification: adminLeadSchema.shape.notification,
});
export type NotifyResponse = z.infer<typeof notifyResponseSchema>;
