import { ArrowLeft, Inbox, Pencil } from "lucide-react";
import { useCallback, useState } from "react";
import { Link, type LoaderFunctionArgs, useFetcher, useLoaderData } from "react-router";
import { toast } from "sonner";
import { Button, buttonVariants } from "~/components/ui/button";
import { loadOrSignIn, searchOf, staffApi } from "~/staff/lib/api";
import type { StaffHandle } from "~/staff/lib/hooks";
import { staffPaths } from "~/staff/lib/staff-paths";
import { Panel } from "~/staff/ui/panel";
import { StaffDialog } from "~/staff/ui/staff-dialog";
import type { OpeningMove } from "../../../staff/openings.ts";
import { OpeningDescription, OpeningDetails } from "./opening-details";
import { OpeningForm } from "./opening-form";
import type { OpeningSaveResult } from "./opening-save";
import { OpeningStatusPill } from "./opening-status";
import { MOVE_LABELS, movesOf } from "./opening-text";
import { useOpeningToast } from "./use-opening-toast";

export { openingAction as action } from "./opening-save";

export const handle: StaffHandle = { title: "Opening" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const openingId = params.openingId ?? "";
  const [{ opening }, { counts }] = await loadOrSignIn(request, () =>
    Promise.all([
      staffApi("opening", { openingId, signal: request.signal }),
      staffApi("openings", { query: {}, signal: request.signal }),
    ]),
  );
  return { opening, counts: counts[opening.id] ?? { applications: 0, answeredInTime: 0, hired: 0 } };
}

/** The inbox showing this opening's applications (its `opening` filter). */
const applicationsPath = (openingId: string) => `${staffPaths.inbox}?${searchOf({ opening: openingId })}`;

/** The status changes its status allows, each at once: the page reads the opening again after it. */
function MoveButtons({ moves }: { moves: OpeningMove[] }) {
  const fetcher = useFetcher<OpeningSaveResult>();
  useOpeningToast(fetcher.data);
  const busy = fetcher.state !== "idle";
  return (
    <>
      {moves.map((move) => (
        <Button
          key={move}
          size="sm"
          variant={move === "publish" || move === "reopen" ? "primary" : "secondary"}
          disabled={busy}
          onClick={() =>
            fetcher.submit({ intent: "move", move }, { method: "post", encType: "application/json" })
          }
        >
          {MOVE_LABELS[move]}
        </Button>
      ))}
    </>
  );
}

/**
 * One opening: its details as staff wrote them, "Edit", the status changes its status allows, its public
 * address, and its applications (counted, and listed in the inbox).
 */
export default function OpeningPage() {
  const { opening, counts } = useLoaderData<typeof loader>();
  const [editing, setEditing] = useState(false);
  const onSaved = useCallback(() => {
    setEditing(false);
    toast.success("Saved.");
  }, []);

  return (
    <article className="mx-auto flex max-w-5xl flex-col gap-6 p-4 md:p-6">
      <div>
        <Link
          to={staffPaths.openings}
          className="inline-flex min-h-11 items-center gap-1.5 rounded-sm text-sm font-medium text-navy-800 underline-offset-4 hover:underline focus-visible:outline-3 focus-visible:outline-navy-700"
        >
          <ArrowLeft aria-hidden className="size-4" />
          Openings
        </Link>
        <div className="mt-1 flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold text-ink">{opening.title}</h1>
          <OpeningStatusPill status={opening.status} />
        </div>
        <p className="mt-1 text-sm text-ink-soft">
          {opening.credential} · {opening.specialty} · {opening.city}, {opening.state}
        </p>
        <div className="mt-4 flex flex-wrap gap-2">
          <MoveButtons moves={movesOf(opening.status)} />
          <StaffDialog
            open={editing}
            onOpenChange={setEditing}
            title="Edit opening"
            description="Saved as it stands: a published opening changes on the site at once."
            trigger={
              <Button size="sm" variant="secondary">
                <Pencil aria-hidden />
                Edit
              </Button>
            }
          >
            <OpeningForm opening={opening} action={staffPaths.opening(opening.id)} onSaved={onSaved} />
          </StaffDialog>
        </div>
      </div>

      <Panel title="Applications">
        <dl className="grid grid-cols-3 gap-3">
          {(
            [
              ["Applications", counts.applications],
              ["Answered in time", counts.answeredInTime],
              ["Hired", counts.hired],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className="flex flex-col-reverse justify-end rounded-lg bg-surface p-3">
              <dt className="text-xs text-muted sm:text-sm">{label}</dt>
              <dd className="text-2xl font-semibold text-ink tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        <Link
          to={applicationsPath(opening.id)}
          className={buttonVariants({ variant: "secondary", size: "sm", className: "mt-4" })}
        >
          <Inbox aria-hidden />
          Its applications in the inbox
        </Link>
      </Panel>

      <Panel title="Details">
        <OpeningDetails opening={opening} />
      </Panel>
      <Panel title="Description">
        <OpeningDescription text={opening.description} />
      </Panel>
    </article>
  );
}
