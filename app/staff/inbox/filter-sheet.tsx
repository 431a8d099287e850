import { SlidersHorizontal, X } from "lucide-react";
import { useRef } from "react";
import { Button } from "~/components/ui/button";
import type { InboxFilters, LeadList } from "../../../staff/leads-api.ts";
import type { Role } from "../../../staff/roles.ts";
import { FilterBar } from "./filter-bar";

/** On phones the filters fold into a sheet from the bottom: a native modal dialog (focus kept, Escape closes). */
export function FilterSheet({ filters, list, role }: { filters: InboxFilters; list: LeadList; role: Role }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const active = Object.values(filters).filter((value) => value !== undefined).length;
  const close = () => dialog.current?.close();
  return (
    <>
      <Button
        variant="secondary"
        className="w-full"
        aria-haspopup="dialog"
        onClick={() => dialog.current?.showModal()}
      >
        <SlidersHorizontal aria-hidden />
        Filters and search{active ? ` (${active} on)` : ""}
      </Button>
      <dialog
        ref={dialog}
        aria-labelledby="filter-sheet-title"
        onClick={(event) => event.target === dialog.current && close()}
        onKeyDown={(event) => event.key === "Escape" && close()}
        className="mt-auto mb-0 max-h-[90dvh] w-full max-w-none overflow-y-auto rounded-t-2xl bg-white p-4 pb-6 shadow-xl backdrop:bg-ink/40"
      >
        <div className="mb-3 flex items-center justify-between">
          <h2 id="filter-sheet-title" className="text-lg font-semibold text-ink">
            Filters and search
          </h2>
          <Button variant="ghost" size="sm" aria-label="Close filters" onClick={close}>
            <X aria-hidden />
          </Button>
        </div>
        <FilterBar filters={filters} list={list} role={role} onApply={close} />
      </dialog>
    </>
  );
}
