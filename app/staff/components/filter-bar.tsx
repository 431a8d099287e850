import { Form, Link } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Select } from "~/components/ui/select";
import { cn } from "~/lib/cn";
import { siteName } from "~/staff/lib/format";
import { inboxPath, isFiltered } from "~/staff/lib/inbox-query";
import { staffPaths } from "~/staff/lib/staff-paths";
import { NO_SOURCE_VALUE } from "../../../leads/source-labels.ts";
import type { InboxFilters, LeadList, SourceCount } from "../../../staff/api.ts";
import { formLabelOf } from "../../../staff/labels.ts";
import { FORMS_OF_ROLE, type Role, statusesFor } from "../../../staff/roles.ts";
import { DELIVERY_LABELS, DELIVERY_STATES, type DeliveryState } from "../../../staff/workflow.ts";

/**
 * The toolbar's scale (DESIGN.md: a work tool, denser than the site): 40 px controls with 14 px text under small
 * labels. The site's primitives keep their own look; the toolbar sizes them by their data-slot.
 */
const TOOLBAR_SCALE =
  "[&_[data-slot=input]]:h-10 [&_[data-slot=input]]:text-sm [&_[data-slot=select]]:h-10 [&_[data-slot=select]]:text-sm [&_[data-slot=label]]:text-xs [&_[data-slot=label]]:text-ink-soft";

const count = (n: number | undefined) => ` (${(n ?? 0).toLocaleString("en-US")})`;

function FilterField({
  label,
  htmlFor,
  className,
  children,
}: {
  label: string;
  htmlFor: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <Label htmlFor={htmlFor}>{label}</Label>
      {children}
    </div>
  );
}

/**
 * Campaign or referrer: the values the counts name (most leads first), the one chosen even when it is not
 * among them, and "none" for leads without one.
 */
function SourceFilter({
  label,
  name,
  any,
  none,
  counts,
  value,
  show = (text) => text,
}: {
  label: string;
  name: "campaign" | "referrer";
  any: string;
  none: string;
  counts: SourceCount[];
  value: string | undefined;
  show?: (value: string) => string;
}) {
  const values = counts.map((entry) => entry.value ?? NO_SOURCE_VALUE);
  // The chosen value even when the counts do not name it (no lead has it under the other filters).
  const options = value && !values.includes(value) ? [value, ...values] : values;
  const nameOf = (option: string) => (option === NO_SOURCE_VALUE ? none : show(option));
  const countOf = (option: string) => counts[values.indexOf(option)]?.count;
  const id = `filter-${name}`;
  return (
    <FilterField label={label} htmlFor={id}>
      <Select
        id={id}
        name={name}
        defaultValue={value ?? ""}
        placeholder={any}
        options={options}
        optionLabel={(option) => `${nameOf(option)}${count(countOf(option))}`}
      />
    </FilterField>
  );
}

/** Filters and search in one GET form: the view lives in the URL, so it can be bookmarked and shared. */
export function FilterBar({
  filters,
  list,
  role,
  onApply,
}: {
  filters: InboxFilters;
  list: LeadList;
  role: Role;
  onApply?: () => void;
}) {
  const forms = FORMS_OF_ROLE[role];
  return (
    <Form
      key={inboxPath(filters)}
      method="get"
      action={staffPaths.inbox}
      role="search"
      aria-label="Filter leads"
      onSubmit={onApply}
      className={cn("grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end", TOOLBAR_SCALE)}
    >
      <FilterField label="Search" htmlFor="filter-q" className="sm:col-span-2">
        <Input
          id="filter-q"
          name="q"
          type="search"
          defaultValue={filters.q ?? ""}
          placeholder="Name, e-mail, phone…"
        />
      </FilterField>
      {forms.length > 1 ? (
        <FilterField label="Form" htmlFor="filter-form">
          <Select
            id="filter-form"
            name="form"
            defaultValue={filters.form ?? ""}
            placeholder="All forms"
            options={forms}
            optionLabel={(form) => `${formLabelOf(form)}${count(list.counts.forms[form])}`}
          />
        </FilterField>
      ) : null}
      <FilterField label="Status" htmlFor="filter-status">
        <Select
          id="filter-status"
          name="status"
          defaultValue={filters.status ?? ""}
          placeholder="Any status"
          options={statusesFor(role)}
          optionLabel={(status) => `${status}${count(list.counts.statuses[status])}`}
        />
      </FilterField>
      <FilterField label="Delivery" htmlFor="filter-delivery">
        <Select
          id="filter-delivery"
          name="delivery"
          defaultValue={filters.delivery ?? ""}
          placeholder="Any delivery"
          options={DELIVERY_STATES}
          optionLabel={(state) => DELIVERY_LABELS[state as DeliveryState]}
        />
      </FilterField>
      <SourceFilter
        label="Campaign"
        name="campaign"
        any="Any campaign"
        none="No campaign"
        counts={list.counts.campaigns}
        value={filters.campaign}
      />
      <SourceFilter
        label="Referring site"
        name="referrer"
        any="Any referrer"
        none="None (direct)"
        counts={list.counts.referrers}
        value={filters.referrer}
        show={siteName}
      />
      <FilterField label="From" htmlFor="filter-from">
        <Input id="filter-from" name="from" type="date" defaultValue={filters.from ?? ""} />
      </FilterField>
      <FilterField label="To" htmlFor="filter-to">
        <Input id="filter-to" name="to" type="date" defaultValue={filters.to ?? ""} />
      </FilterField>
      <div className="flex gap-2">
        <Button type="submit" size="sm" className="flex-1">
          Apply
        </Button>
        {isFiltered(filters) ? (
          <Link to={staffPaths.inbox} className={buttonVariants({ variant: "ghost", size: "sm" })}>
            Clear
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
