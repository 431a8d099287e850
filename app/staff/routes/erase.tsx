import { CircleCheck, TriangleAlert } from "lucide-react";
import {
  type ActionFunctionArgs,
  Form,
  redirect,
  useActionData,
  useNavigation,
  useRouteError,
} from "react-router";
import { Button } from "~/components/ui/button";
import { StaffField, StaffInput } from "~/staff/components/controls";
import { StaffRouteError } from "~/staff/components/route-error";
import { StaffApiError, signInPath, staffApi } from "~/staff/lib/api";
import { type StaffHandle, useStaffUser } from "~/staff/lib/hooks";
import { formatDateTime } from "~/staff/lib/model";
import type { ErasePreview } from "~/staff/lib/types";

export const handle: StaffHandle = { title: "Erase a person" };

type EraseResult =
  | { step: "preview"; preview: ErasePreview }
  | { step: "done"; email: string; erased: { leads: number; files: number; notes: number } }
  | { step: "error"; email: string; message: string };

export async function action({ request }: ActionFunctionArgs): Promise<EraseResult> {
  const form = await request.formData();
  const email = String(form.get("email") ?? "").trim();
  try {
    if (form.get("intent") === "erase") {
      const { erased } = await staffApi<{ erased: { leads: number; files: number; notes: number } }>(
        "/erase",
        {
          method: "POST",
          body: { email },
        },
      );
      return { step: "done", email, erased };
    }
    return {
      step: "preview",
      preview: await staffApi<ErasePreview>("/erase/preview", { method: "POST", body: { email } }),
    };
  } catch (error) {
    if (error instanceof StaffApiError && error.status === 401)
      throw redirect(signInPath(new URL(request.url)));
    if (error instanceof StaffApiError) return { step: "error", email, message: error.message };
    throw error;
  }
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <StaffRouteError error={error} />;
}

/** The one destructive button in the app: filled in the danger colour. */
const dangerButton =
  "inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg bg-danger px-5 font-semibold text-white shadow-sm transition-colors hover:bg-red-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-danger disabled:opacity-60 sm:w-auto";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Erasing a person (admin): their e-mail, then what will go, then a confirmation, then what went. */
export default function ErasePage() {
  const actionData = useActionData<typeof action>();
  const user = useStaffUser();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  if (user.role !== "admin") return <StaffRouteError error={new StaffApiError(404, "not_found", "")} />;

  const preview = actionData?.step === "preview" ? actionData.preview : null;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 p-4 md:p-6">
      <div>
        <h1 className="text-xl font-semibold text-ink">Erase a person</h1>
        <p className="mt-1 text-ink-soft">
          Removes every lead with this e-mail address, with their files and notes. The audit log keeps that an
          erasure happened, never whose.
        </p>
      </div>

      <Form
        method="post"
        className="flex flex-col gap-4 rounded-xl border border-line bg-white p-4 shadow-sm md:p-5"
      >
        <input type="hidden" name="intent" value="preview" />
        <StaffField
          name="email"
          label="E-mail address"
          error={actionData?.step === "error" ? actionData.message : undefined}
        >
          <StaffInput
            type="email"
            required
            autoComplete="off"
            defaultValue={preview?.email ?? (actionData?.step === "error" ? actionData.email : "")}
          />
        </StaffField>
        <Button type="submit" variant="secondary" disabled={busy} className="w-full sm:w-auto sm:self-start">
          Show what will be erased
        </Button>
      </Form>

      {preview ? (
        <section
          aria-labelledby="erase-preview"
          className="flex flex-col gap-4 rounded-xl border border-danger/40 bg-white p-4 shadow-sm md:p-5"
        >
          <h2 id="erase-preview" className="flex items-center gap-2 font-semibold text-ink">
            <TriangleAlert aria-hidden className="size-5 text-danger" />
            {preview.leads.length === 0
              ? `No leads have the address ${preview.email}`
              : `This will erase, for ${preview.email}:`}
          </h2>
          {preview.leads.length > 0 ? (
            <>
              <ul className="flex flex-col gap-1 text-sm text-ink">
                {preview.leads.map((lead) => (
                  <li key={lead.id}>
                    Lead {lead.id}: {lead.formLabel}, received {formatDateTime(lead.createdAt)}
                  </li>
                ))}
              </ul>
              <p className="text-sm text-ink-soft">
                {plural(preview.leads.length, "lead", "leads")}, {plural(preview.files, "file", "files")} and{" "}
                {plural(preview.notes, "note", "notes")}. This cannot be undone.
              </p>
              <Form method="post">
                <input type="hidden" name="intent" value="erase" />
                <input type="hidden" name="email" value={preview.email} />
                <button type="submit" disabled={busy} className={dangerButton}>
                  Erase {plural(preview.leads.length, "lead", "leads")} for good
                </button>
              </Form>
            </>
          ) : null}
        </section>
      ) : null}

      {actionData?.step === "done" ? (
        <p
          role="status"
          className="flex items-start gap-2 rounded-xl border border-success bg-white p-4 text-ink"
        >
          <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-success" />
          Erased {plural(actionData.erased.leads, "lead", "leads")},{" "}
          {plural(actionData.erased.files, "file", "files")} and{" "}
          {plural(actionData.erased.notes, "note", "notes")} for {actionData.email}.
        </p>
      ) : null}
    </div>
  );
}
