import { useEffect, useState } from "react";
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  redirect,
  useFetcher,
  useLoaderData,
} from "react-router";
import { Checkbox } from "~/components/ui/checkbox";
import { Label } from "~/components/ui/label";
import { type LeadActionResult, useActionToast } from "~/staff/lib/action-toast";
import { loadOrSignIn, StaffApiError, staffApi } from "~/staff/lib/api";
import type { StaffHandle } from "~/staff/lib/hooks";
import { signInPath } from "~/staff/lib/staff-paths";
import { Panel } from "~/staff/ui/panel";

export const handle: StaffHandle = { title: "My settings" };

export async function loader({ request }: LoaderFunctionArgs) {
  return loadOrSignIn(request, () => staffApi("settings", { signal: request.signal }));
}

/** Saves one setting as it changes, and says so. */
export async function action({ request }: ActionFunctionArgs): Promise<LeadActionResult> {
  const form = await request.formData();
  const assignmentEmails = form.get("assignmentEmails") === "on";
  try {
    await staffApi("saveSettings", { body: { assignmentEmails } });
    return {
      ok: true,
      intent: "settings",
      message: assignmentEmails
        ? "You will be e-mailed when a lead is assigned to you."
        : "You will no longer be e-mailed when a lead is assigned to you.",
    };
  } catch (error) {
    if (error instanceof StaffApiError && error.status === 401)
      throw redirect(signInPath(new URL(request.url)));
    if (error instanceof StaffApiError)
      return { ok: false, intent: "settings", message: error.message, status: error.status };
    throw error;
  }
}

/** Each person's own settings: for now, whether an assignment e-mails them. */
export default function SettingsPage() {
  const { settings } = useLoaderData<typeof loader>();
  const fetcher = useFetcher<LeadActionResult>();
  useActionToast(fetcher.data);
  // While saving, the box shows what was asked for; after, what the server keeps. Held in state set in the click
  // itself: the router's own submission state arrives in a transition, after React has put a controlled box back.
  const [asked, setAsked] = useState<boolean | null>(null);
  useEffect(() => {
    if (fetcher.state === "idle") setAsked(null);
  }, [fetcher.state]);
  return (
    <div className="flex max-w-3xl flex-col gap-4 p-4 md:p-6">
      <h1 className="text-xl font-semibold text-ink">My settings</h1>
      <Panel title="E-mail">
        <fetcher.Form method="post" className="flex items-start gap-3">
          <span className="flex h-6 items-center">
            <Checkbox
              id="assignment-emails"
              name="assignmentEmails"
              checked={asked ?? settings.assignmentEmails}
              onChange={(event) => {
                setAsked(event.currentTarget.checked);
                fetcher.submit(event.currentTarget.form);
              }}
              aria-describedby="assignment-emails-help"
            />
          </span>
          <span className="flex flex-col gap-1">
            <Label htmlFor="assignment-emails" look="choice" className="text-ink">
              E-mail me when a lead is assigned to me
            </Label>
            <span id="assignment-emails-help" className="text-sm text-muted">
              A short e-mail with a link to the lead, sent when someone assigns one to you. Saved as you
              change it.
            </span>
          </span>
        </fetcher.Form>
      </Panel>
    </div>
  );
}
