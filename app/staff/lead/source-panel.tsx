import { Link } from "react-router";
import { siteName } from "~/staff/lib/format";
import { inboxPath } from "~/staff/lib/inbox-query";
import { Panel } from "~/staff/ui/panel";
import { SOURCE_FIELDS } from "../../../leads/source.ts";
import { SOURCE_LABELS } from "../../../leads/source-labels.ts";
import type { LeadDetail } from "../../../staff/leads-api.ts";

/** Where the lead came from (decision 017); its campaign and referrer link to the inbox filtered by them. */
export function SourcePanel({ source }: { source: LeadDetail["source"] }) {
  const recorded = SOURCE_FIELDS.filter((field) => source[field]);
  const filterLink = (key: "campaign" | "referrer", value: string, text: string) => (
    <Link to={inboxPath({ [key]: value })} className="text-navy-800 underline underline-offset-4">
      {text}
    </Link>
  );
  return (
    <Panel title="Source">
      {recorded.length === 0 ? (
        <p className="text-sm text-ink-soft">Nothing was recorded about where this lead came from.</p>
      ) : (
        <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-4">
          {recorded.map((field) => {
            const value = source[field] ?? "";
            return (
              <div key={field}>
                <dt className="text-xs font-semibold tracking-wide text-muted uppercase">
                  {SOURCE_LABELS[field]}
                </dt>
                <dd className="mt-0.5 break-words text-ink">
                  {field === "utm_campaign"
                    ? filterLink("campaign", value, value)
                    : field === "referrer"
                      ? filterLink("referrer", value, siteName(value))
                      : value}
                </dd>
              </div>
            );
          })}
        </dl>
      )}
    </Panel>
  );
}
