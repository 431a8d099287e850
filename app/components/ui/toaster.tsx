import { Toaster as Sonner } from "sonner";

/** The one toast system: bottom right on desktop, top on phones. */
export function Toaster() {
  return <Sonner position="bottom-right" richColors closeButton />;
}
