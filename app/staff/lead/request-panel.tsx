import { cn } from "~/lib/cn";
import { OpeningName } from "~/staff/ui/opening-name";
import { Panel } from "~/staff/ui/panel";
import type { LeadDetail } from "../../../staff/leads-api.ts";
import type { Role } from "../../../staff/roles.ts";

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

/** Everything the person sent, labelled as the form asked it; first, the opening an application was for. */
export function RequestPanel({
  fields,
  opening,
  role,
}: {
  fields: LeadDetail["fields"];
  opening: LeadDetail["opening"];
  role: Role;
}) {
  return (
    <Panel title="Request">
      <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
        {opening ? (
          <div className="sm:col-span-2">
            <dt className="text-xs font-semibold tracking-wide text-muted uppercase">Opening</dt>
            <dd className="mt-0.5">
              <OpeningName opening={opening} viewerRole={role} />
            </dd>
          </div>
        ) : null}
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
