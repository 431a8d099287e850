import { useEffect, useRef } from "react";
import { toast } from "sonner";
import { wantToasts } from "~/staff/lib/toasts";
import type { OpeningSaveResult } from "./opening-save";

/** Says once what a save or a status change did (a toast); a refusal in the error style. */
export function useOpeningToast(result: OpeningSaveResult | undefined) {
  const shown = useRef<OpeningSaveResult | undefined>(undefined);
  // The frame's Toaster mounts with the first page that may toast, before anything is said.
  useEffect(() => wantToasts(), []);
  useEffect(() => {
    if (!result || shown.current === result) return;
    shown.current = result;
    if (result.ok) toast.success(result.message);
    else toast.error(result.message);
  }, [result]);
}
