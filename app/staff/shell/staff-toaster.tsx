import { Toaster } from "sonner";

/** What an action did, bottom right on desktop and on top on phones: mounted by the frame once a page toasts. */
export function StaffToaster({ phone }: { phone: boolean }) {
  return <Toaster position={phone ? "top-center" : "bottom-right"} richColors closeButton />;
}
