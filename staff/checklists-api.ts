import { CREDENTIALS } from "../leads/credential-checklist.ts";
import { z } from "../leads/zod.ts";

/**
 * The admins' checklists in the staff API's contract: per credential, the catalog items its checklist asks for,
 * in order. Every item on a checklist is required; an item not on it is not asked for. A lead's checklist is
 * copied from its credential's when documents are first requested, so a change applies to the next request.
 */

/** A kind of item an admin may put on a checklist, as the page lists it. */
export const catalogEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** A document (PDF, JPEG, PNG or HEIC) comes with it. */
  document: z.boolean(),
  /** The labels of the values the nurse types in. */
  fields: z.array(z.string()),
  /** Whether what it proves expires. */
  expires: z.boolean(),
});
export type CatalogEntry = z.infer<typeof catalogEntrySchema>;

export const checklistSchema = z.object({
  credential: z.enum(CREDENTIALS),
  /** The catalog ids, in order. */
  items: z.array(z.string()),
  /** false: the shipped defaults, as no admin has changed them. */
  edited: z.boolean(),
});
export type ChecklistAnswer = z.infer<typeof checklistSchema>;

export const checklistsPage = z.object({
  catalog: z.array(catalogEntrySchema),
  checklists: z.array(checklistSchema),
});
export type ChecklistsAnswer = z.infer<typeof checklistsPage>;

/** A credential's whole checklist, as the page saves it after an item is added, removed or moved. */
export const checklistRequest = z.object({ items: z.array(z.string().max(64)).max(64) });

/** The endpoint table's rows (staff/endpoints.ts) for the checklists: admins read them all and save one. */
export const CHECKLIST_ROWS = {
  list: <const P extends string>(path: P) =>
    ({ method: "GET", path, permission: "checklists:manage", answer: checklistsPage }) as const,
  save: <const P extends string>(path: P) =>
    ({
      method: "PATCH",
      path,
      permission: "checklists:manage",
      request: checklistRequest,
      answer: checklistSchema,
    }) as const,
};
