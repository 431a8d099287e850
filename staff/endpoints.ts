import {
  auditPageAnswer,
  eraseAnswer,
  erasePreviewAnswer,
  eraseRequest,
  meAnswer,
  pageQuery,
  peopleAnswer,
  setupConfirmRequest,
  setupInspectAnswer,
  setupInspectQuery,
  setupPasswordAnswer,
  setupPasswordRequest,
  signInRequest,
} from "./api.ts";
import { CHECKLIST_ROWS as checklists } from "./checklists-api.ts";
import {
  CALL_NOTE_MAX,
  callAnswer,
  callRequest,
  replyAnswer,
  replyRequest,
  settingsAnswer,
  settingsRequest,
  unmatchedPageAnswer,
} from "./conversation.ts";
import { CREDENTIAL_ROWS as credentials } from "./credentials-api.ts";
import { type AnswerOfRow, type Endpoint, filledPath, type ParamNames } from "./endpoint-shape.ts";
import {
  inboxQuery,
  leadChangeAnswer,
  leadChangeRequest,
  leadListAnswer,
  leadPageAnswer,
  markSeenRequest,
  noteAnswer,
  noteRequest,
  resumeQuery,
} from "./leads-api.ts";
import { NOTE_MAX } from "./limits.ts";
import { moveRow, openingAnswer, openingFields, openingListAnswer, openingsQuery } from "./openings-api.ts";
import { reportsAnswer, reportsQuery } from "./reports-api.ts";

export type { Endpoint, RefusedInput } from "./endpoint-shape.ts";

/** Where the staff API lives; every path below is under it. */
export const STAFF_API = "/api/staff";

/** The inbox's filters, refused as the list and the export both answer them. */
const BAD_FILTER: Endpoint["refusal"] = {
  status: 422,
  error: "bad_filter",
  message: ({ path, message }) => `The filter ${path} ${message}.`,
};

/** Erasure's preview and the erasure itself: both read the person's e-mail address. */
const ERASE_STEP = {
  method: "POST",
  permission: "people:erase",
  request: eraseRequest,
  refusal: { status: 400, error: "malformed", message: "Give the person's e-mail address." },
} as const;

/**
 * Every staff endpoint, once: method, path, permission, the contract's schemas of what it reads and answers.
 * The server mounts its handlers from this table (server/staff/api/endpoint-mount.ts) and the staff app calls
 * through it (app/staff/lib/api.ts), so no path or method is written anywhere else.
 */
export const STAFF_ENDPOINTS = {
  // Anyone: set-up from the operator's link, and sign-in.
  setup: {
    method: "GET",
    path: "/setup",
    permission: null,
    query: setupInspectQuery,
    answer: setupInspectAnswer,
  },
  setupPassword: {
    method: "POST",
    path: "/setup/password",
    permission: null,
    request: setupPasswordRequest,
    answer: setupPasswordAnswer,
  },
  setupConfirm: {
    method: "POST",
    path: "/setup/confirm",
    permission: null,
    request: setupConfirmRequest,
    answer: null,
  },
  signIn: { method: "POST", path: "/sign-in", permission: null, request: signInRequest, answer: meAnswer },

  // The signed-in person's own session and settings.
  me: { method: "GET", path: "/me", permission: "account", answer: meAnswer },
  signOut: { method: "POST", path: "/sign-out", permission: "account", answer: null },
  authSession: { method: "GET", path: "/auth/get-session", permission: "account", answer: "session" },
  settings: { method: "GET", path: "/settings", permission: "account", answer: settingsAnswer },
  saveSettings: {
    method: "PATCH",
    path: "/settings",
    permission: "account",
    request: settingsRequest,
    refusal: { status: 400, error: "malformed", message: "Settings are { assignmentEmails: true | false }." },
    answer: settingsAnswer,
  },

  // The inbox and its leads.
  leads: {
    method: "GET",
    path: "/leads",
    permission: "leads:read",
    query: inboxQuery,
    refusal: BAD_FILTER,
    answer: leadListAnswer,
  },
  exportCsv: {
    method: "GET",
    path: "/export.csv",
    permission: "leads:read",
    query: inboxQuery,
    refusal: BAD_FILTER,
    answer: "file",
  },
  people: { method: "GET", path: "/people", permission: "leads:read", answer: peopleAnswer },
  lead: { method: "GET", path: "/leads/:id", permission: "leads:read", answer: leadPageAnswer },
  resume: {
    method: "GET",
    path: "/leads/:id/resume",
    permission: "leads:read",
    query: resumeQuery,
    answer: "file",
  },
  attachment: {
    method: "GET",
    path: "/leads/:id/attachments/:attachmentId",
    permission: "leads:read",
    answer: "file",
  },

  // Working a lead (the page marks it seen once shown: reading it changes nothing).
  markSeen: {
    method: "POST",
    path: "/leads/:id/seen",
    permission: "leads:read",
    request: markSeenRequest,
    answer: null,
  },
  changeLead: {
    method: "PATCH",
    path: "/leads/:id",
    permission: "leads:work",
    request: leadChangeRequest,
    answer: leadChangeAnswer,
  },
  addNote: {
    method: "POST",
    path: "/leads/:id/notes",
    permission: "leads:work",
    request: noteRequest,
    refusal: { status: 422, error: "malformed", message: `A note has 1 to ${NOTE_MAX} characters.` },
    answer: noteAnswer,
    status: 201,
  },
  logCall: {
    method: "POST",
    path: "/leads/:id/calls",
    permission: "leads:work",
    request: callRequest,
    refusal: {
      status: 422,
      error: "bad_call",
      message: `Choose what the call came to, and keep the note within ${CALL_NOTE_MAX} characters.`,
    },
    answer: callAnswer,
    status: 201,
  },
  sendReply: {
    method: "POST",
    path: "/leads/:id/replies",
    permission: "leads:work",
    request: replyRequest,
    refusal: { status: 422, error: "bad_reply" },
    answer: replyAnswer,
    status: 201,
  },
  retryReply: {
    method: "POST",
    path: "/leads/:id/replies/:replyId/retry",
    permission: "leads:work",
    answer: replyAnswer,
  },
  notSpam: {
    method: "POST",
    path: "/leads/:id/not-spam",
    permission: "spam:review",
    answer: leadChangeAnswer,
  },

  reports: {
    method: "GET",
    path: "/reports",
    permission: "reports:read",
    query: reportsQuery,
    refusal: {
      status: 422,
      error: "bad_filter",
      message: ({ path, message }) => `The range's ${path || "dates"} ${message}.`,
    },
    answer: reportsAnswer,
  },

  // Openings: the recruiters' job ads, shown on the public careers page once published.
  openings: {
    method: "GET",
    path: "/openings",
    permission: "openings:manage",
    query: openingsQuery,
    refusal: BAD_FILTER,
    answer: openingListAnswer,
  },
  createOpening: {
    method: "POST",
    path: "/openings",
    permission: "openings:manage",
    request: openingFields,
    refusal: { status: 422, error: "bad_opening" },
    answer: openingAnswer,
    status: 201,
  },
  opening: {
    method: "GET",
    path: "/openings/:openingId",
    permission: "openings:manage",
    answer: openingAnswer,
  },
  editOpening: {
    method: "PATCH",
    path: "/openings/:openingId",
    permission: "openings:manage",
    request: openingFields,
    refusal: { status: 422, error: "bad_opening" },
    answer: openingAnswer,
  },
  publishOpening: moveRow("/openings/:openingId/publish"),
  pauseOpening: moveRow("/openings/:openingId/pause"),
  reopenOpening: moveRow("/openings/:openingId/reopen"),
  closeOpening: moveRow("/openings/:openingId/close"),

  // A nurse's credential file (applications only): her private link, her documents, their review.
  credentialFile: credentials.file("/leads/:id/credentials"),
  requestDocuments: credentials.request("/leads/:id/credentials/request"),
  renewLink: credentials.link("/leads/:id/credentials/renew"),
  revokeLink: credentials.link("/leads/:id/credentials/revoke"),
  credentialDocument: credentials.document("/leads/:id/credentials/submissions/:submissionId"),
  verifyItem: credentials.verify("/leads/:id/credentials/items/:itemId/verify"),
  rejectItem: credentials.reject("/leads/:id/credentials/items/:itemId/reject"),

  // Administration.
  checklists: checklists.list("/checklists"),
  saveChecklist: checklists.save("/checklists/:credential"),
  erasePreview: { ...ERASE_STEP, path: "/erase/preview", answer: erasePreviewAnswer },
  erase: { ...ERASE_STEP, path: "/erase", answer: eraseAnswer },
  audit: {
    method: "GET",
    path: "/audit",
    permission: "audit:read",
    query: pageQuery,
    answer: auditPageAnswer,
  },
  unmatched: {
    method: "GET",
    path: "/unmatched",
    permission: "mail:unmatched",
    query: pageQuery,
    answer: unmatchedPageAnswer,
  },
  unmatchedAttachment: {
    method: "GET",
    path: "/unmatched/:messageId/attachments/:attachmentId",
    permission: "mail:unmatched",
    answer: "file",
  },
} as const satisfies Record<string, Endpoint>;

export type StaffEndpoints = typeof STAFF_ENDPOINTS;
export type EndpointName = keyof StaffEndpoints;

export type ParamsOf<N extends EndpointName> = Record<ParamNames<StaffEndpoints[N]["path"]>, string>;

/** An endpoint's path with its params filled in, each encoded. */
export const pathOf = <N extends EndpointName>(name: N, params: ParamsOf<N>): string =>
  filledPath(STAFF_ENDPOINTS[name].path, params);

/** The JSON answer an endpoint gives (undefined for 204, never for a file or the session). */
export type AnswerOf<N extends EndpointName> = AnswerOfRow<StaffEndpoints[N]>;
