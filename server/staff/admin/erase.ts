import type { ErasePreview } from "../../../staff/api.ts";
import { formLabelOf } from "../../../staff/labels.ts";
import type { Store } from "../../store/store.ts";

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * A person's erasure request: every lead whose e-mail is theirs, with its resume, deliveries, work state, notes,
 * history and conversation (the messages they sent and their attachments), and the mail from them that matched
 * no lead. Its files are the resumes and the attachments of their messages. The API (admin) and `leads erase --email` both come here. The audit entry says how much went,
 * never whose.
 */
export function createEraser(store: Pick<Store, "erasure" | "audit">) {
  return {
    async preview(email: string): Promise<ErasePreview> {
      const found = await store.erasure.leadsOf(email);
      return {
        email: email.trim(),
        leads: found.leads.map((lead) => ({
          id: lead.id,
          formLabel: formLabelOf(lead.formId),
          createdAt: iso(lead.createdAt),
        })),
        files: found.files + found.attachments,
        notes: found.notes,
      };
    },

    async erase(email: string, actorId: string | null) {
      const found = await store.erasure.leadsOf(email);
      const removed = await store.erasure.erase(found.leads.map((lead) => lead.id));
      // Mail from them that matched no lead is theirs too (its attachments go with it, ON DELETE CASCADE).
      await store.erasure.eraseUnmatchedFrom(email);
      const { leads } = removed;
      const files = removed.files + found.attachments;
      const notes = found.notes;
      await store.audit.record({
        actorId,
        action: "erase",
        detail: `${leads} lead(s), ${files} file(s), ${notes} note(s)`,
      });
      return { leads, files, notes };
    },
  };
}

export type Eraser = ReturnType<typeof createEraser>;
