import { CircleAlert, CircleCheck, X } from "lucide-react";
import { useEffect } from "react";
import { createRoot } from "react-dom/client";
import { Toaster as Sonner, toast } from "sonner";
import { cn } from "~/lib/cn";
import { PHONE_QUERY, useMediaQuery } from "~/lib/use-media-query";
import type { NoticeKind, ShowNotice, ToastNotice } from "./notice";

/** Sonner and the notice card: loaded by toaster.ts with the first notice, never on a page's first load. */

/** Mounts the toasts at the end of the page, in a root of their own; resolves once they are listening. */
export function mountToaster(): Promise<ShowNotice> {
  return new Promise((resolve) => {
    const container = document.createElement("div");
    document.body.append(container);
    createRoot(container).render(<SonnerToaster onListening={() => resolve(showNotice)} />);
  });
}

/** Bottom right on desktop, top center on phones (clear of the bottom call-to-action bar). */
function SonnerToaster({ onListening }: { onListening: () => void }) {
  const phone = useMediaQuery(PHONE_QUERY);
  // Runs after Sonner's own effects (children first), so it is listening before the first toast.
  useEffect(() => onListening(), [onListening]);
  return (
    <Sonner
      position={phone ? "top-center" : "bottom-right"}
      offset={24}
      mobileOffset={12}
      gap={12}
      containerAriaLabel="Notifications"
    />
  );
}

function showNotice(kind: NoticeKind, notice: ToastNotice) {
  toast.custom((id) => <NoticeToast kind={kind} notice={notice} onClose={() => toast.dismiss(id)} />, {
    duration: kind === "error" ? 10_000 : 6_000,
  });
}

function NoticeToast({
  kind,
  notice,
  onClose,
}: {
  kind: NoticeKind;
  notice: ToastNotice;
  onClose: () => void;
}) {
  const error = kind === "error";
  const Icon = error ? CircleAlert : CircleCheck;
  return (
    <div
      role={error ? "alert" : "status"}
      data-slot="toast"
      data-kind={kind}
      className={cn(
        "flex w-[min(22.5rem,calc(100vw-1.5rem))] items-start gap-3 rounded-xl border p-4 pr-2 font-sans shadow-lg",
        error
          ? "border-danger bg-danger text-white"
          : "border-line border-l-4 border-l-success bg-white text-ink",
      )}
    >
      <Icon
        aria-hidden="true"
        className={cn("mt-0.5 size-5 shrink-0", error ? "text-white" : "text-success")}
      />
      <div className="min-w-0 flex-1">
        <p data-slot="toast-title" className="text-base leading-snug font-semibold">
          {notice.title}
        </p>
        <p
          data-slot="toast-description"
          className={cn("mt-1 text-sm leading-normal", !error && "text-ink-soft")}
        >
          {notice.description}
        </p>
      </div>
      <button
        type="button"
        onClick={onClose}
        aria-label="Dismiss notification"
        className={cn(
          "-my-2 inline-flex size-11 shrink-0 items-center justify-center rounded-md transition-colors",
          error
            ? "text-white/90 hover:bg-white/15 focus-visible:outline-white"
            : "text-muted hover:bg-surface",
        )}
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
