import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { type LeadActionResult, useActionToast } from "~/staff/lib/action-toast";

/**
 * A lead-page action done in a dialog: its fetcher, whether the dialog is open, and the answer to the last
 * submission of `intent`. Success closes the dialog (focus returns to its button), calls `onDone` and toasts;
 * a refusal stays in the dialog, for it to show beside what it is about.
 */
export function useDialogAction(intent: string, onDone: () => void) {
  const fetcher = useFetcher<LeadActionResult>();
  const [open, setOpen] = useState(false);
  const result = fetcher.state === "idle" && fetcher.data?.intent === intent ? fetcher.data : undefined;
  useActionToast(result?.ok ? result : undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per answer; onDone is new on every render
  useEffect(() => {
    if (!result?.ok) return;
    setOpen(false);
    onDone();
  }, [result]);
  return { fetcher, open, setOpen, refusal: result && !result.ok ? result : undefined };
}
