import { formatDateTime } from "~/staff/lib/format";
import type { HistoryEntry } from "../../../staff/leads-api.ts";

function describeChange(entry: HistoryEntry): string {
  switch (entry.action) {
    case "status":
      return `changed the status from ${entry.from ?? "—"} to ${entry.to ?? "—"}`;
    case "assignee":
      return entry.to ? `assigned it to ${entry.to}` : "removed the assignee";
    case "note":
      return "added a note";
    case "viewed":
      return "opened it";
    case "reply":
      return "sent a reply";
    case "call":
      return "logged a call";
    case "not_spam":
      return "marked it not spam";
  }
}

/** Every change to the lead, oldest first, with who made it and when. */
export function HistoryList({ history }: { history: HistoryEntry[] }) {
  if (history.length === 0) return <p className="text-sm text-muted">Nothing has changed yet.</p>;
  return (
    <ol className="flex flex-col gap-2 text-sm">
      {history.map((entry) => (
        <li key={entry.id} className="flex flex-wrap gap-x-2 border-b border-line pb-2 last:border-0">
          <span className="font-semibold text-ink">{entry.actor?.name ?? "System"}</span>
          <span className="text-ink-soft">{describeChange(entry)}</span>
          <time dateTime={entry.at} className="ml-auto text-muted tabular-nums">
            {formatDateTime(entry.at)}
          </time>
        </li>
      ))}
    </ol>
  );
}
