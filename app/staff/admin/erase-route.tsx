import { CircleCheck, TriangleAlert } from "lucide-react";
import { type ActionFunctionArgs, Form, redirect, useActionData, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { StaffApiError, staffApi } from "~/staff/lib/api";
import { formatDateTime, plural } from "~/staff/lib/format";
import { type StaffHandle, useStaffUser } from "~/staff/lib/hooks";
import { signInPath } from "~/staff/lib/staff-paths";
import { StaffRouteError } from "~/staff/shell/route-error";
import type { ErasePreview } from "../../../staff/api.ts";
import { may } from "../../../staff/permissions.ts";

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
      const { erased } = await staffApi("erase", { body: { email } });
      return { step: "done", email, erased };
    }
    return { step: "preview", preview: await staffApi("erasePreview", { body: { email } }) };
  } catch (error) {
    if (error instanceof StaffApiError && error.status === 401)
      throw redirect(signInPath(new URL(request.url)));
    if (error instanceof StaffApiError) return { step: "error", email, message: error.message };
    throw error;
  }
}

/** The one destructive button in the app: the site's button, filled in the danger colour. */
const dangerLook =
  "w-full bg-danger text-white shadow-sm hover:bg-red-800 focus-visible:outline-danger sm:w-auto";

/** Erasing a person (admin): their e-mail, then what will go, then a confirmation, then what went. */
export default function ErasePage() {
  const result = useActionData<typeof action>();
  const user = useStaffUser();
  const busy = useNavigation().state === "submitting";
  if (!may(user.role, "people:erase"))
    return <StaffRouteError error={new StaffApiError(404, "not_found", "")} />;

  const preview = result?.step === "preview" ? result.preview : null;
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
        <Field
          id="erase-email"
          name="email"
          label="E-mail address"
          error={result?.step === "error" ? result.message : undefined}
        >
          <Input
            type="email"
            required
            autoComplete="off"
            defaultValue={preview?.email ?? (result?.step === "error" ? result.email : "")}
          />
        </Field>
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
                <Button type="submit" variant={null} disabled={busy} className={dangerLook}>
                  Erase {plural(preview.leads.length, "lead", "leads")} for good
                </Button>
              </Form>
            </>
          ) : null}
        </section>
      ) : null}

      {result?.step === "done" ? (
        <p
          role="status"
          className="flex items-start gap-2 rounded-xl border border-success bg-white p-4 text-ink"
        >
          <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-success" />
          Erased {plural(result.erased.leads, "lead", "leads")},{" "}
          {plural(result.erased.files, "file", "files")} and {plural(result.erased.notes, "note", "notes")}{" "}
          for {result.email}.
        </p>
      ) : null}
    </div>
  );
}
