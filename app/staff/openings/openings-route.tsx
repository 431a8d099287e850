import { BriefcaseMedical, Plus } from "lucide-react";
import { useState } from "react";
import { type LoaderFunctionArgs, useLoaderData } from "react-router";
import { Button } from "~/components/ui/button";
import { loadOrSignIn, staffApi } from "~/staff/lib/api";
import { type StaffHandle, useIsPhone } from "~/staff/lib/hooks";
import { staffPaths } from "~/staff/lib/staff-paths";
import { StaffDialog } from "~/staff/ui/staff-dialog";
import { OpeningForm } from "./opening-form";
import { OpeningCards, OpeningTable } from "./opening-list";

export { createAction as action } from "./opening-save";

export const handle: StaffHandle = { title: "Openings" };

export async function loader({ request }: LoaderFunctionArgs) {
  return loadOrSignIn(request, () => staffApi("openings", { query: {}, signal: request.signal }));
}

/**
 * The recruiters' openings, newest first: each with its status, place, pay and valid-through, and its
 * applications, how many were answered within the promise and how many were hired. "New opening" writes a draft.
 */
export default function OpeningsPage() {
  const { openings, counts } = useLoaderData<typeof loader>();
  const phone = useIsPhone();
  const [creating, setCreating] = useState(false);
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-4 p-4 md:p-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-xl font-semibold text-ink">Openings</h1>
          <p className="text-sm text-ink-soft">
            The positions on the careers page, and the applications each one brought.
          </p>
        </div>
        <StaffDialog
          open={creating}
          onOpenChange={setCreating}
          title="New opening"
          description="Saved as a draft: nobody outside sees it until it is published."
          trigger={
            <Button size="sm" className="max-sm:w-full">
              <Plus aria-hidden />
              New opening
            </Button>
          }
        >
          <OpeningForm action={staffPaths.openings} />
        </StaffDialog>
      </div>
      {openings.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-line bg-white px-6 py-16 text-center">
          <BriefcaseMedical aria-hidden className="size-8 text-muted" />
          <p className="font-semibold text-ink">No openings yet</p>
          <p className="max-w-sm text-sm text-ink-soft">
            Write one with "New opening": it stays a draft until you publish it.
          </p>
        </div>
      ) : phone ? (
        <OpeningCards openings={openings} counts={counts} />
      ) : (
        <OpeningTable openings={openings} counts={counts} />
      )}
    </div>
  );
}
