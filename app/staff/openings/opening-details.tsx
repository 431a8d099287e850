import { ExternalLink } from "lucide-react";
import { formatDateTime } from "~/staff/lib/format";
import { openingPathOf } from "../../../staff/openings.ts";
import type { Opening } from "../../../staff/openings-api.ts";
import {
  employmentOf,
  formatDay,
  payRangeOf,
  placeOf,
  STATUS_LABELS,
  settingOf,
  shiftOf,
} from "./opening-text";

/** The opening as staff wrote it, each value beside its name; its description as typed, always as text. */
export function OpeningDetails({ opening }: { opening: Opening }) {
  const path = openingPathOf(opening);
  const rows: [string, React.ReactNode][] = [
    ["Credential", opening.credential],
    ["Specialty", opening.specialty],
    ["Setting", settingOf(opening)],
    ["Place", placeOf(opening)],
    ["Employment type", employmentOf(opening)],
    ["Shift", shiftOf(opening)],
    ["Pay", payRangeOf(opening)],
    ["Start date", formatDay(opening.startDate)],
    ["Valid through", opening.validThrough ? formatDay(opening.validThrough) : "60 days after publishing"],
    ["First published", opening.publishedAt ? formatDateTime(opening.publishedAt) : "Not yet"],
    [
      "Public address",
      <span key="address" className="flex flex-col gap-0.5">
        <a
          href={path}
          target="_blank"
          rel="noopener"
          className="inline-flex items-center gap-1 rounded-sm font-medium break-all text-navy-800 underline underline-offset-4 focus-visible:outline-3 focus-visible:outline-navy-700"
        >
          {path}
          <ExternalLink aria-hidden className="size-3.5 shrink-0" />
        </a>
        {opening.status === "published" ? null : (
          <span className="text-xs text-muted">
            Not on the site while {STATUS_LABELS[opening.status].toLowerCase()}.
          </span>
        )}
      </span>,
    ],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]">
      {rows.map(([name, value]) => (
        <div key={name} className="contents">
          <dt className="font-semibold text-ink-soft">{name}</dt>
          <dd className="min-w-0 text-ink tabular-nums max-sm:-mt-2">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The description as typed: shown as text, its line breaks kept. */
export function OpeningDescription({ text }: { text: string }) {
  return <p className="max-w-prose text-sm leading-relaxed whitespace-pre-line text-ink">{text}</p>;
}
