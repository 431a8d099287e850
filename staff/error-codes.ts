/**
 * The codes of the staff API's refusals (the contract's errorAnswer, api.ts, reads them). A module of its own, with
 * no schema, so the staff app reads a refusal without loading the contract's schema library.
 */
export const ERROR_CODES = [
  "unauthenticated",
  "not_found",
  "bad_origin",
  "malformed",
  "rate_limited",
  "locked",
  "bad_credentials",
  "exists",
  "bad_email",
  "bad_role",
  "setup_link_invalid",
  "weak_password",
  "bad_code",
  "bad_status",
  "bad_assignee",
  "bad_filter",
  "bad_reply",
  "bad_call",
  "bad_retry",
  "bad_opening",
  "bad_documents",
  "documents_off",
  "bad_checklist",
  "mail_off",
  "internal",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
