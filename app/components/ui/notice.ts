/** A titled notice, as the lead forms send it to the toasts (toaster.ts) and the toasts show it (sonner-toaster.tsx). */

export type NoticeKind = "success" | "error";

export interface ToastNotice {
  title: string;
  description: string;
}

export type ShowNotice = (kind: NoticeKind, notice: ToastNotice) => void;
