import { cn } from "~/lib/cn";
import { Panel } from "~/staff/ui/panel";
import type { LeadDetail } from "../../../staff/leads-api.ts";

const linkClass = "text-navy-800 underline underline-offset-4";

/** A field's value as text (never HTML); an e-mail address and a phone number as links that use them. */
function FieldValue({ name, value }: { name: string; value: string }) {
  if (!value) return <span className="text-muted">—</span>;
  if (name === "email")
    return (
      <a className={linkClass} href={`mailto:${value}`}>
        {value}
      </a>
    );
  if (name === "phone")
    return (
      <a className={linkClass} href={`tel:${value.replace(/[^\d+]/g, "")}`}>
        {value}
      </a>
    );
  return <>{value}</>;
}

/** Everything the person sent, labelled as the form asked it. */
export function RequestPanel({ fields }: { fields: LeadDetail["fields"] }) {
  return (
    <Panel title="Request">
      <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
        {fields.map((field) => (
          <div key={field.name} className={cn(field.name === "message" && "sm:col-span-2")}>
            <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{field.label}</dt>
            <dd className="mt-0.5 break-words whitespace-pre-wrap text-ink">
              <FieldValue name={field.name} value={field.value} />
            </dd>
          </div>
        ))}
      </dl>
    </Panel>
  );
}
