import { defaultItemIds, itemsOf } from "../../leads/checklist-catalog.ts";
import type { ChecklistItem, Credential } from "../../leads/credential-checklist.ts";
import type { Store } from "../store/store.ts";

/**
 * The items a credential's checklist asks for today: the admins' choice from the catalog, or the shipped defaults
 * while no admin has changed it. A lead's checklist is copied from this when documents are first requested.
 */
export async function checklistFor(
  store: Pick<Store, "checklists">,
  credential: Credential,
): Promise<ChecklistItem[]> {
  return itemsOf((await store.checklists.selection(credential)) ?? defaultItemIds(credential));
}
