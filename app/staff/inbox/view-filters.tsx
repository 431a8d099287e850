import { Checkbox } from "~/components/ui/checkbox";
import { Label } from "~/components/ui/label";
import type { InboxFilters, LeadList } from "../../../staff/leads-api.ts";
import { may } from "../../../staff/permissions.ts";
import type { Role } from "../../../staff/roles.ts";

/** The inbox's views, each a checkbox of the filter form: on, it is `<name>=1` in the URL. */
const VIEWS = [
  { name: "awaiting", label: "Awaiting us", spam: false },
  { name: "mine", label: "Mine", spam: false },
  { name: "overdue", label: "Overdue", spam: false },
  { name: "spam", label: "Spam", spam: true },
] as const;

/** "Awaiting us", "Mine", "Overdue" and, for admins, "Spam", with how many leads each holds. */
export function ViewFilters({ filters, list, role }: { filters: InboxFilters; list: LeadList; role: Role }) {
  const views = VIEWS.filter((view) => !view.spam || may(role, "spam:review"));
  return (
    <fieldset className="sm:col-span-2 lg:col-span-3">
      <legend className="mb-1.5 text-xs font-medium text-ink-soft">Show only</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-1">
        {views.map(({ name, label }) => {
          const id = `filter-${name}`;
          return (
            <div key={name} className="flex min-h-10 items-center gap-2">
              <Checkbox id={id} name={name} value="1" defaultChecked={filters[name] === "1"} />
              <Label htmlFor={id} look="choice" className="text-sm! text-ink!">
                {label}{" "}
                <span className="text-muted tabular-nums">
                  ({(list.counts.views[name] ?? 0).toLocaleString("en-US")})
                </span>
              </Label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
