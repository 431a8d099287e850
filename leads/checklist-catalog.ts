import {
  type ChecklistItem,
  CREDENTIALS,
  type Credential,
  DEFAULT_CHECKLISTS,
} from "./credential-checklist.ts";

/**
 * The kinds of item an admin may put on a credential's checklist: every item the defaults ship, once, under an id
 * of its own. An item's key names it within one checklist, and the licenses share the key "license", so their
 * ids come from their names ("rn-license", "cna-certification").
 */
export interface CatalogItem {
  id: string;
  item: ChecklistItem;
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

function buildCatalog(): readonly CatalogItem[] {
  const byName = new Map<string, ChecklistItem>();
  for (const credential of CREDENTIALS)
    for (const item of DEFAULT_CHECKLISTS[credential])
      if (!byName.has(item.name)) byName.set(item.name, item);
  const items = [...byName.values()];
  const shared = (key: string) => items.filter((item) => item.key === key).length > 1;
  return items.map((item) => ({ id: shared(item.key) ? slug(item.name) : item.key, item }));
}

export const CHECKLIST_CATALOG: readonly CatalogItem[] = buildCatalog();

const CATALOG_BY_ID = new Map(CHECKLIST_CATALOG.map((entry) => [entry.id, entry.item]));
const ID_BY_ITEM = new Map(CHECKLIST_CATALOG.map((entry) => [entry.item, entry.id]));

export const catalogItem = (id: string): ChecklistItem | undefined => CATALOG_BY_ID.get(id);

/** The catalog ids of a credential's shipped checklist, in order. */
export const defaultItemIds = (credential: Credential): string[] =>
  DEFAULT_CHECKLISTS[credential].map((item) => ID_BY_ITEM.get(item) ?? item.key);

/**
 * Why a checklist of these catalog ids cannot be saved, or null when it can: it holds at least one item, only
 * catalog items, each once, and no two items sharing a key (one license of each kind).
 */
export function checklistProblem(ids: readonly string[]): string | null {
  if (ids.length === 0) return "A checklist needs at least one item.";
  if (new Set(ids).size !== ids.length) return "Each item appears once on a checklist.";
  const items = ids.map(catalogItem);
  if (items.some((item) => item === undefined)) return "Choose items from the list.";
  const keys = items.map((item) => item?.key);
  if (new Set(keys).size !== keys.length) return "A checklist holds one license of each kind.";
  return null;
}

/** The items of a checklist of catalog ids, in order; ids the catalog no longer has are left out. */
export const itemsOf = (ids: readonly string[]): ChecklistItem[] =>
  ids.flatMap((id) => {
    const item = catalogItem(id);
    return item ? [item] : [];
  });
