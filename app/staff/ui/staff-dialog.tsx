import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import { Button } from "~/components/ui/button";

/**
 * A task in a dialog over the page, portalled out of the staff frame so it takes the frame's accent and text
 * size itself (Radix: focus moves in and stays, Escape or Close ends it and focus returns
 * to the button that opened it). A sheet from the bottom on a phone, a centred card on a wide screen.
 */
export function StaffDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  initialFocus,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens it. */
  trigger: React.ReactNode;
  title: string;
  /** One sentence under the title, read out with it. */
  description: string;
  /** What takes the focus on opening (the first field); Radix's default is the first focusable, Close. */
  initialFocus?: React.RefObject<HTMLElement | null>;
  children: React.ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <Dialog.Content
          onOpenAutoFocus={(event) => {
            if (!initialFocus?.current) return;
            event.preventDefault();
            initialFocus.current.focus();
          }}
          className="fixed inset-x-0 bottom-0 z-50 text-[0.9375rem] accent-navy max-h-[92dvh] overflow-y-auto rounded-t-2xl bg-white p-4 pb-6 shadow-xl outline-none sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-[min(40rem,calc(100vw-3rem))] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl sm:p-6"
        >
          <div className="mb-4 flex items-start justify-between gap-3">
            <div>
              <Dialog.Title className="text-lg font-semibold text-ink">{title}</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-ink-soft">{description}</Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="sm" aria-label="Close" className="-mr-2 -mt-1">
                <X aria-hidden />
              </Button>
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
