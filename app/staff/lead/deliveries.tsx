import { formatDateTime } from "~/staff/lib/format";
import { channelLabelOf } from "../../../staff/labels.ts";
import type { LeadDetail } from "../../../staff/leads-api.ts";
import { DELIVERY_LABELS } from "../../../staff/workflow.ts";

/** Each channel's delivery of the lead: its state, its attempts and what to look at when it failed. */
export function Deliveries({ deliveries }: { deliveries: LeadDetail["deliveries"] }) {
  if (deliveries.length === 0) return <p className="text-sm text-muted">No deliveries for this lead.</p>;
  return (
    <ul className="flex flex-col gap-3 text-sm">
      {deliveries.map((delivery) => (
        <li key={delivery.channel}>
          <p className="flex items-center justify-between gap-2">
            <span className="font-semibold text-ink">{channelLabelOf(delivery.channel)}</span>
            <span className={delivery.state === "dead" ? "font-semibold text-danger" : "text-ink-soft"}>
              {DELIVERY_LABELS[delivery.state]}
            </span>
          </p>
          <p className="text-muted">
            {delivery.attempts === 1 ? "1 attempt" : `${delivery.attempts} attempts`}
            {delivery.lastAttemptAt ? `, last ${formatDateTime(delivery.lastAttemptAt)}` : ""}
          </p>
          {delivery.problem || delivery.lastError ? (
            <p className="mt-1 text-danger">{delivery.problem ?? delivery.lastError}</p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
