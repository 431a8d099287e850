import { X } from "lucide-react";
import {
  type ActionFunctionArgs,
  Form,
  type LoaderFunctionArgs,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
} from "react-router";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { Select } from "~/components/ui/select";
import { loadOrSignIn, StaffApiError, staffApi } from "~/staff/lib/api";
import type { StaffHandle } from "~/staff/lib/hooks";
import { signInPath } from "~/staff/lib/staff-paths";
import { CREDENTIAL_NAMES, type Credential } from "../../../leads/credential-checklist.ts";
import type { CatalogEntry, ChecklistAnswer } from "../../../staff/checklists-api.ts";

export const handle: StaffHandle = { title: "Checklists" };

export async function loader({ request }: LoaderFunctionArgs) {
  return loadOrSignIn(request, () => staffApi("checklists", { signal: request.signal }));
}

/** "Remove" or "Add item": the credential's whole list as it is shown, changed by one item, saved at once. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const credential = String(form.get("credential") ?? "");
  const shown = String(form.get("items") ?? "")
    .split(",")
    .filter(Boolean);
  const item = String(form.get("item") ?? "");
  const items = form.get("intent") === "remove" ? shown.filter((id) => id !== item) : [...shown, item];
  try {
    await staffApi("saveChecklist", { credential, body: { items } });
    return { credential, problem: null };
  } catch (error) {
    if (error instanceof StaffApiError && error.status === 401)
      throw redirect(signInPath(new URL(request.url)));
    if (error instanceof StaffApiError) return { credential, problem: error.message };
    throw error;
  }
}

/** What an item asks of the nurse, in a few words: "Document; Expiry date", "Name, Relationship, Phone or e-mail". */
const askedFor = (entry: CatalogEntry) =>
  [entry.document ? "Document" : null, ...entry.fields].filter(Boolean).join(", ");

function ChecklistCard({
  checklist,
  catalog,
  problem,
}: {
  checklist: ChecklistAnswer;
  catalog: CatalogEntry[];
  problem: string | null;
}) {
  const busy = useNavigation().state === "submitting";
  const byId = new Map(catalog.map((entry) => [entry.id, entry]));
  const missing = catalog.filter((entry) => !checklist.items.includes(entry.id));
  const headingId = `checklist-${checklist.credential}`;
  const hidden = (
    <>
      <input type="hidden" name="credential" value={checklist.credential} />
      <input type="hidden" name="items" value={checklist.items.join(",")} />
    </>
  );
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-xl border border-line bg-white p-4 shadow-sm md:p-5"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-ink">
          {CREDENTIAL_NAMES[checklist.credential as Credential]}
        </h2>
        <span className="text-sm text-ink-soft">
          {checklist.items.length} required items{checklist.edited ? "" : " (the defaults)"}
        </span>
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-danger">
          {problem}
        </p>
      ) : null}
      <ol className="flex flex-col divide-y divide-line">
        {checklist.items.map((id) => {
          const entry = byId.get(id);
          return (
            <li key={id} className="flex items-center gap-3 py-2">
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="text-ink">{entry?.name ?? id}</span>
                {entry ? <span className="text-xs text-muted">{askedFor(entry)}</span> : null}
              </span>
              <Form method="post">
                {hidden}
                <input type="hidden" name="item" value={id} />
                <Button
                  type="submit"
                  name="intent"
                  value="remove"
                  variant="ghost"
                  size="sm"
                  disabled={busy || checklist.items.length === 1}
                  aria-label={`Remove ${entry?.name ?? id}`}
                >
                  <X aria-hidden />
                  Remove
                </Button>
              </Form>
            </li>
          );
        })}
      </ol>
      {missing.length > 0 ? (
        <Form method="post" className="flex flex-col gap-2 sm:flex-row sm:items-end">
          {hidden}
          <div className="flex flex-1 flex-col gap-1.5">
            <Label htmlFor={`add-${checklist.credential}`}>Item to add</Label>
            <Select
              id={`add-${checklist.credential}`}
              name="item"
              required
              defaultValue=""
              placeholder="Choose an item"
              options={missing.map((entry) => entry.id)}
              optionLabel={(id) => byId.get(id)?.name ?? id}
            />
          </div>
          <Button type="submit" name="intent" value="add" variant="secondary" disabled={busy}>
            Add item
          </Button>
        </Form>
      ) : null}
    </section>
  );
}

/** The documents each credential asks nurses for (admins): a change applies to the next request of documents. */
export default function ChecklistsPage() {
  const { catalog, checklists } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4 p-4 md:p-6">
      <div>
        <h1 className="text-xl font-semibold text-ink">Checklists</h1>
        <p className="mt-1 text-ink-soft">
          The documents a nurse is asked for, per credential. Every item on a checklist is required. A change
          applies when documents are next requested; checklists already sent stay as they were.
        </p>
      </div>
      {checklists.map((checklist) => (
        <ChecklistCard
          key={checklist.credential}
          checklist={checklist}
          catalog={catalog}
          problem={result?.credential === checklist.credential ? result.problem : null}
        />
      ))}
    </div>
  );
}
