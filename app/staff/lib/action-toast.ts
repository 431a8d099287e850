import { useEffect, useRef } from "react";
import { toast } from "sonner";
import { wantToasts } from "./toasts";

/** What a change on the lead page did, for its toast (and, for a status, its undo). */
export type LeadActionResult =
  | { ok: true; intent: "status"; message: string; previous: string; undone: boolean }
  | {
      ok: true;
      intent: "assignee" | "note" | "reply" | "retry" | "call" | "not-spam" | "settings";
      message: string;
    }
  | { ok: false; intent: string; message: string; status: number };

/** Says once what an action did (a toast); a status change offers its undo. */
export function useActionToast(result: LeadActionResult | undefined, onUndo?: (previous: string) => void) {
  const shown = useRef<LeadActionResult | undefined>(undefined);
  // The frame's Toaster mounts with the first page that may toast, before anything is said.
  useEffect(() => wantToasts(), []);
  useEffect(() => {
    if (!result || shown.current === result) return;
    shown.current = result;
    if (!result.ok) {
      toast.error(result.message);
      return;
    }
    if (result.intent === "status" && !result.undone && onUndo)
      toast.success(result.message, { action: { label: "Undo", onClick: () => onUndo(result.previous) } });
    else toast.success(result.message);
  }, [result, onUndo]);
}
