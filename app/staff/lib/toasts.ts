import { useSyncExternalStore } from "react";

/**
 * Whether a page that says what its actions did (useActionToast) has been shown. The frame mounts sonner's
 * Toaster from then on, and keeps it across pages; sonner loads with those pages, never with the inbox.
 */
let wanted = false;
const listeners = new Set<() => void>();

export function wantToasts(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const useToastsWanted = () => useSyncExternalStore(subscribe, () => wanted);
