import { cn } from "~/lib/cn";
import { ITEM_STATUS_LABELS, type ItemStatus } from "../../../leads/credential-status.ts";

const TONES: Record<ItemStatus, string> = {
  missing: "border-line bg-surface text-ink-soft",
  submitted: "border-navy-700 bg-navy-50 text-navy-900",
  verified: "border-success bg-green-50 text-green-900",
  rejected: "border-danger bg-red-50 text-red-900",
  "expiring-soon": "border-amber-700 bg-amber-50 text-amber-900",
  expired: "border-danger bg-red-50 text-red-900",
};

/** A checklist item's status as a labelled pill: the word carries the meaning, the tone only supports it. */
export function ItemStatusPill({ status }: { status: ItemStatus }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap",
        TONES[status],
      )}
    >
      {ITEM_STATUS_LABELS[status]}
    </span>
  );
}
