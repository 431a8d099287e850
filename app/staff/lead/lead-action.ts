import { type ActionFunctionArgs, data, redirect } from "react-router";
import type { LeadActionResult } from "~/staff/lib/action-toast";
import { StaffApiError, staffApi } from "~/staff/lib/api";
import { signInPath } from "~/staff/lib/staff-paths";
import type { CallOutcome } from "../../../staff/conversation.ts";

const text = (form: FormData, name: string) => String(form.get(name) ?? "");

/**
 * The lead page's action: a status, an assignee, a note, a reply (or its retry), a call or "Not spam", each one
 * call to the API; the page's loader then reads the lead again, thread included.
 */
export async function leadAction({ request, params }: ActionFunctionArgs): Promise<LeadActionResult> {
  const form = await request.formData();
  const intent = String(form.get("intent"));
  const id = params.id ?? "";
  try {
    if (intent === "status") {
      const status = String(form.get("status"));
      await staffApi("changeLead", { id, body: { status } });
      return {
        ok: true,
        intent,
        message: `Status set to ${status}.`,
        previous: String(form.get("previous")),
        undone: form.get("undo") === "1",
      };
    }
    if (intent === "assignee") {
      const assigneeId = String(form.get("assigneeId") ?? "") || null;
      const { lead } = await staffApi("changeLead", { id, body: { assigneeId } });
      const message = lead.assignee ? `Assigned to ${lead.assignee.name}.` : "Nobody is assigned now.";
      return { ok: true, intent, message };
    }
    if (intent === "note") {
      await staffApi("addNote", { id, body: { text: text(form, "text") } });
      return { ok: true, intent, message: "Note added." };
    }
    if (intent === "reply") {
      const { message } = await staffApi("sendReply", {
        id,
        body: { subject: text(form, "subject"), text: text(form, "text") },
      });
      return { ok: true, intent, message: `Reply to ${message.to} is on its way.` };
    }
    if (intent === "retry") {
      await staffApi("retryReply", { id, replyId: text(form, "replyId") });
      return { ok: true, intent, message: "Sending the reply again." };
    }
    if (intent === "call") {
      const outcome = text(form, "outcome") as CallOutcome;
      await staffApi("logCall", { id, body: { outcome, note: text(form, "note") } });
      return { ok: true, intent, message: "Call logged." };
    }
    if (intent === "not-spam") {
      await staffApi("notSpam", { id });
      return { ok: true, intent, message: "Moved out of Spam: the lead goes to delivery now." };
    }
    throw data("Unknown action", 400);
  } catch (error) {
    if (error instanceof StaffApiError && error.status === 401)
      throw redirect(signInPath(new URL(request.url)));
    if (error instanceof StaffApiError)
      return { ok: false, intent, message: error.message, status: error.status };
    throw error;
  }
}
