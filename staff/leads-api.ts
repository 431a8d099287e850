import { LEAD_FORM_IDS } from "../leads/catalog.ts";
import { DOCUMENT_FILTERS } from "../leads/credential-status.ts";
import { SOURCE_FIELDS, SOURCE_MAX } from "../leads/source.ts";
import { z } from "../leads/zod.ts";
import { personSchema } from "./api.ts";
import { conversationEntry, otherRequestSchema } from "./conversation.ts";
import { PROMISE_STATES } from "./due.ts";
import { INBOX_SORTS } from "./inbox-filters.ts";
import { NOTE_MAX, PAGE_MAX, PAGE_SIZE, SEARCH_MAX } from "./limits.ts";
import { ALL_STATUSES, DELIVERY_STATES } from "./workflow.ts";

export { INBOX_FILTERS, INBOX_SORTS, type InboxFilter } from "./inbox-filters.ts";

/**
 * The inbox and one lead in the staff API's contract, as zod schemas: the inbox's filters and its page of
 * leads, a lead's page (its details, notes, history and conversation) and the changes staff make to it.
 */

const isoTime = z.iso.datetime();
const day = z.iso.date({ error: "must be a date (YYYY-MM-DD)" });

// ---- The inbox --------------------------------------------------------------------------------------------

/**
 * A campaign or referrer as stored (at most SOURCE_MAX characters); NO_SOURCE_VALUE (in
 * leads/source-labels.ts) asks for the leads without one.
 */
const sourceValue = z.string().max(SOURCE_MAX);

/** An opening's id as the filter takes it (ids are far shorter; this only bounds what a URL may carry). */
const OPENING_ID_MAX = 100;

export const inboxQuery = z.object({
  form: z.enum(LEAD_FORM_IDS).optional(),
  status: z.enum(ALL_STATUSES).optional(),
  delivery: z.enum(DELIVERY_STATES).optional(),
  /** Created on or after this day (UTC). */
  from: day.optional(),
  /** Created on or before this day (UTC). */
  to: day.optional(),
  q: z.string().trim().max(SEARCH_MAX).optional(),
  campaign: sourceValue.optional(),
  referrer: sourceValue.optional(),
  /** "Awaiting us": the last message on the lead is the person's. */
  awaiting: z.literal("1").optional(),
  /** "Mine": assigned to the viewer. */
  mine: z.literal("1").optional(),
  /** "Overdue": past its due time with no first response yet. */
  overdue: z.literal("1").optional(),
  /** Admins only ("Spam"): what the honeypot caught, and nothing else; for anyone else the API answers 404. */
  spam: z.literal("1").optional(),
  /** Applications for one opening, by its id (roles that see applications). */
  opening: z.string().trim().max(OPENING_ID_MAX).optional(),
  /** "Documents" (roles that see applications): where the lead's credential checklist stands. */
  documents: z.enum(DOCUMENT_FILTERS).optional(),
  /** "newest" (the default) or "due": unanswered leads first, the earliest due first, then the rest newest first. */
  sort: z.enum(INBOX_SORTS).optional(),
  page: z.coerce.number().int().min(1).max(PAGE_MAX).default(1),
});
export type InboxQuery = z.infer<typeof inboxQuery>;
export type InboxFilters = Omit<InboxQuery, "page">;

/** A lead's response promise: when it is due, when it was first answered, and how that went. */
export const leadPromiseSchema = z.object({
  dueAt: isoTime,
  respondedAt: isoTime.nullable(),
  state: z.enum(PROMISE_STATES),
});
export type LeadPromiseAnswer = z.infer<typeof leadPromiseSchema>;

/** The opening an application was for: its id (its staff page) and its title as it is now. */
export const leadOpeningSchema = z.object({ id: z.string(), title: z.string() });
export type LeadOpening = z.infer<typeof leadOpeningSchema>;

/** An opening and its applications under the inbox's other filters (the Opening filter's choices). */
export const openingCountSchema = z.object({ id: z.string(), title: z.string(), count: z.number().int() });
export type OpeningCount = z.infer<typeof openingCountSchema>;

export const leadRowSchema = z.object({
  id: z.string(),
  formId: z.enum(LEAD_FORM_IDS),
  formLabel: z.string(),
  createdAt: isoTime,
  name: z.string(),
  email: z.string(),
  organisation: z.string().nullable(),
  status: z.string(),
  assignee: personSchema.nullable(),
  delivery: z.enum(DELIVERY_STATES),
  /** Nobody has opened it yet. */
  isNew: z.boolean(),
  /** Caught by the honeypot (only admins see such leads, under the Spam filter). */
  spam: z.boolean(),
  /** Messages from the person that nobody has read yet (the lead page marks them read). */
  unreadReplies: z.number().int().min(0),
  /** The last message on the lead is the person's. */
  awaitingUs: z.boolean(),
  promise: leadPromiseSchema,
  /** The opening an application was for (its full title), or null. */
  opening: leadOpeningSchema.nullable(),
  /** An application's credential ("RN") and years of experience ("3-5 years") as the person chose them. */
  credential: z.string().nullable(),
  experience: z.string().nullable(),
  /** The credential checklist's progress ("4 of 8 done"); null when no documents were requested. */
  documents: z.object({ done: z.number().int().min(0), total: z.number().int().min(1) }).nullable(),
});
export type LeadRow = z.infer<typeof leadRowSchema>;

/** A campaign or referring site and its leads under the other filters; null: the leads without one. */
export const sourceCountSchema = z.object({ value: z.string().nullable(), count: z.number().int() });
export type SourceCount = z.infer<typeof sourceCountSchema>;

export const leadListAnswer = z.object({
  leads: z.array(leadRowSchema),
  page: z.number().int(),
  pageSize: z.literal(PAGE_SIZE),
  total: z.number().int(),
  counts: z.object({
    forms: z.record(z.string(), z.number().int()),
    statuses: z.record(z.string(), z.number().int()),
    /** The most leads first, at most SOURCE_COUNT_LIMIT of each. */
    campaigns: z.array(sourceCountSchema),
    referrers: z.array(sourceCountSchema),
    /**
     * The openings with applications under the other filters, the most first (and the one chosen, even with
     * none); empty for a role that sees no applications.
     */
    openings: z.array(openingCountSchema),
    /** The views' counts over all the viewer's leads, whatever the other filters; spam for admins only. */
    views: z.object({
      awaiting: z.number().int(),
      mine: z.number().int(),
      overdue: z.number().int(),
      spam: z.number().int().optional(),
    }),
  }),
  /** The newest lead the role may see, whatever the filters: the page polls it to offer new leads. */
  latestId: z.string().nullable(),
});
export type LeadList = z.infer<typeof leadListAnswer>;

// ---- One lead ---------------------------------------------------------------------------------------------

export const deliverySchema = z.object({
  channel: z.string(),
  state: z.enum(DELIVERY_STATES),
  attempts: z.number().int(),
  lastAttemptAt: isoTime.nullable(),
  lastError: z.string().nullable(),
  /** What the operator should look at when it keeps failing. */
  problem: z.string().nullable(),
});

export const leadDetailSchema = z.object({
  id: z.string(),
  formId: z.enum(LEAD_FORM_IDS),
  formLabel: z.string(),
  createdAt: isoTime,
  fields: z.array(z.object({ name: z.string(), label: z.string(), value: z.string() })),
  resume: z
    .object({ filename: z.string(), contentType: z.string(), size: z.number().int(), inline: z.boolean() })
    .nullable(),
  /** Where the lead came from: only the fields recorded. */
  source: z.partialRecord(z.enum(SOURCE_FIELDS), z.string()),
  status: z.string(),
  /** The statuses of this lead's workflow, in order. */
  statuses: z.array(z.string()),
  assignee: personSchema.nullable(),
  deliveries: z.array(deliverySchema),
  /** Caught by the honeypot: only admins open such a lead, and may move it into delivery ("Not spam"). */
  spam: z.boolean(),
  /** The first name a reply's {firstName} takes (plain, at most 40 characters), or null. */
  firstName: z.string().nullable(),
  promise: leadPromiseSchema,
  /** The opening an application was for, or null. */
  opening: leadOpeningSchema.nullable(),
  /** The promise in words, as the confirmation put it: "within 1 business hour". */
  promiseWords: z.string(),
});
export type LeadDetail = z.infer<typeof leadDetailSchema>;

export const noteSchema = z.object({
  id: z.string(),
  /** null: the author's account is gone. */
  author: personSchema.nullable(),
  at: isoTime,
  text: z.string(),
});
export type Note = z.infer<typeof noteSchema>;

export const HISTORY_ACTIONS = ["viewed", "status", "assignee", "note", "reply", "call", "not_spam"] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

export const historyEntrySchema = z.object({
  id: z.string(),
  at: isoTime,
  actor: personSchema.nullable(),
  action: z.enum(HISTORY_ACTIONS),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const leadPageAnswer = z.object({
  lead: leadDetailSchema,
  notes: z.array(noteSchema),
  history: z.array(historyEntrySchema),
  /** Oldest first: the confirmation, replies, the person's messages and logged calls. */
  conversation: z.array(conversationEntry),
  /** "Other requests from this person": the viewer's role's leads with the same e-mail or phone, newest first. */
  otherRequests: z.array(otherRequestSchema),
});
export type LeadPage = z.infer<typeof leadPageAnswer>;

/**
 * The lead page was shown: the lead is no longer new, and the person's messages it showed are read (by id, so a
 * message that arrived since stays unread).
 */
export const markSeenRequest = z.object({ read: z.array(z.string().max(100)).max(1000) }).strict();

/** A status change, a new assignee (null: nobody), or both. */
export const leadChangeRequest = z
  .object({ status: z.string().max(50).optional(), assigneeId: z.string().max(100).nullable().optional() })
  .strict();
export type LeadChange = z.infer<typeof leadChangeRequest>;
export const leadChangeAnswer = z.object({ lead: leadDetailSchema });

export const noteRequest = z.object({ text: z.string().trim().min(1).max(NOTE_MAX) });
export const noteAnswer = z.object({ note: noteSchema });

/** A lead's resume is shown inline (a PDF) unless `download=1` asks for the file. */
export const resumeQuery = z.object({ download: z.literal("1").optional().catch(undefined) });
