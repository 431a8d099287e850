import { ShieldAlert } from "lucide-react";
import { AlertDialog } from "radix-ui";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { type LeadActionResult, useActionToast } from "~/staff/lib/action-toast";

/**
 * An admin's review of a lead the honeypot caught: "Not spam", once confirmed, moves it into delivery (and its
 * confirmation to the person), which the page's delivery panel then shows. It stays mounted once the lead is
 * out of Spam, to say so.
 */
export function SpamReview({ spam }: { spam: boolean }) {
  const fetcher = useFetcher<LeadActionResult>();
  useActionToast(fetcher.data);
  if (!spam) return null;
  const release = () => fetcher.submit({ intent: "not-spam" }, { method: "post" });
  return (
    <section
      aria-labelledby="spam-review-title"
      className="flex flex-col gap-3 rounded-xl border border-danger/40 bg-white p-4 shadow-sm sm:flex-row sm:items-center"
    >
      <ShieldAlert aria-hidden className="size-6 shrink-0 text-danger" />
      <div className="flex-1">
        <h2 id="spam-review-title" className="font-semibold text-ink">
          Caught as spam
        </h2>
        <p className="text-sm text-ink-soft">
          The form's honeypot caught this lead: it was not delivered and the person got no confirmation.
        </p>
      </div>
      <AlertDialog.Root>
        <AlertDialog.Trigger asChild>
          <Button size="sm" variant="secondary" disabled={fetcher.state !== "idle"}>
            Not spam
          </Button>
        </AlertDialog.Trigger>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
          <AlertDialog.Content className="fixed inset-x-4 text-[0.9375rem] accent-navy top-1/2 z-50 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl sm:inset-x-auto sm:left-1/2 sm:w-[28rem] sm:-translate-x-1/2">
            <AlertDialog.Title className="text-lg font-semibold text-ink">
              Move this lead out of Spam?
            </AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-sm text-ink-soft">
              It is delivered like any new lead, and the person is sent the form's confirmation.
            </AlertDialog.Description>
            <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <AlertDialog.Cancel asChild>
                <Button variant="ghost" size="sm">
                  Cancel
                </Button>
              </AlertDialog.Cancel>
              <AlertDialog.Action asChild>
                <Button size="sm" onClick={release}>
                  Yes, not spam
                </Button>
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </section>
  );
}
