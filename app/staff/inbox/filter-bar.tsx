import { Form, Link } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Select } from "~/components/ui/select";
import { cn } from "~/lib/cn";
import { siteName } from "~/staff/lib/format";
import { inboxPath, isFiltered } from "~/staff/lib/inbox-query";
import { staffPaths } from "~/staff/lib/staff-paths";
import {
  DOCUMENT_FILTER_LABELS,
  DOCUMENT_FILTERS,
  type DocumentFilter,
} from "../../../leads/credential-status.ts";
import { NO_SOURCE_VALUE } from "../../../leads/source-labels.ts";
import { formLabelOf } from "../../../staff/labels.ts";
import type {
  InboxFilter,
  InboxFilters,
  LeadList,
  OpeningCount,
  SourceCount,
} from "../../../staff/leads-api.ts";
import { leadScopeOf, statusesFor } from "../../../staff/permissions.ts";
import type { Role } from "../../../staff/roles.ts";
import {
  DELIVERY_LABELS,
  DELIVERY_STATES,
  type DeliveryState,
  isApplicationForm,
} from "../../../staff/workflow.ts";
import { ViewFilters } from "./view-filters";

/**
 * The toolbar's scale (DESIGN.md: a work tool, denser than the site): 40 px controls with 14 px text under small
 * labels. The site's primitives keep their own look; the toolbar sizes them by their data-slot.
 */
const TOOLBAR_SCALE =
  "[&_[data-slot=input]]:h-10 [&_[data-slot=input]]:text-sm [&_[data-slot=select]]:h-10 [&_[data-slot=select]]:text-sm [&_[data-slot=label]]:text-xs [&_[data-slot=label]]:text-ink-soft";

const count = (n: number | undefined) => ` (${(n ?? 0).toLocaleString("en-US")})`;

const idOf = (name: InboxFilter) => `filter-${name}`;

function FilterField({
  label,
  name,
  className,
  children,
}: {
  label: string;
  name: InboxFilter;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cn("flex flex-col gap-1.5", className)}>
      <Label htmlFor={idOf(name)}>{label}</Label>
      {children}
    </div>
  );
}

/** A filter chosen from a list, "any" first (an empty value: no filter). */
function FilterSelect({
  label,
  name,
  value,
  any,
  options,
  optionLabel,
}: {
  label: string;
  name: InboxFilter;
  value: string | undefined;
  any: string;
  options: readonly string[];
  optionLabel: (option: string) => string;
}) {
  return (
    <FilterField label={label} name={name}>
      <Select
        id={idOf(name)}
        name={name}
        defaultValue={value ?? ""}
        placeholder={any}
        options={options}
        optionLabel={optionLabel}
      />
    </FilterField>
  );
}

/**
 * Campaign or referrer: the values the counts name (most leads first), the one chosen even when it is not
 * among them, and "none" for leads without one.
 */
function SourceFilter({
  none,
  counts,
  value,
  show = (text) => text,
  ...select
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
  return (
    <FilterSelect
      {...select}
      value={value}
      options={options}
      optionLabel={(option) => `${nameOf(option)}${count(countOf(option))}`}
    />
  );
}

/** The openings with applications under the other filters, the most first, each with its count (by title). */
function OpeningFilter({ counts, value }: { counts: OpeningCount[]; value: string | undefined }) {
  const ids = counts.map((entry) => entry.id);
  // An opening the counts do not name (none anywhere, or gone): its id, so the filter still reads as chosen.
  const options = value && !ids.includes(value) ? [value, ...ids] : ids;
  const countOf = new Map(counts.map((entry) => [entry.id, entry]));
  return (
    <FilterSelect
      label="Opening"
      name="opening"
      value={value}
      any="Any opening"
      options={options}
      optionLabel={(id) => {
        const entry = countOf.get(id);
        return entry ? `${entry.title}${count(entry.count)}` : id;
      }}
    />
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
  const { forms } = leadScopeOf(role);
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
      <FilterField label="Search" name="q" className="sm:col-span-2">
        <Input
          id={idOf("q")}
          name="q"
          type="search"
          defaultValue={filters.q ?? ""}
          placeholder="Name, e-mail, phone…"
        />
      </FilterField>
      <ViewFilters filters={filters} list={list} role={role} />
      {forms.length > 1 ? (
        <FilterSelect
          label="Form"
          name="form"
          value={filters.form}
          any="All forms"
          options={forms}
          optionLabel={(form) => `${formLabelOf(form)}${count(list.counts.forms[form])}`}
        />
      ) : null}
      {forms.some(isApplicationForm) ? (
        <OpeningFilter counts={list.counts.openings} value={filters.opening} />
      ) : null}
      <FilterSelect
        label="Status"
        name="status"
        value={filters.status}
        any="Any status"
        options={statusesFor(role)}
        optionLabel={(status) => `${status}${count(list.counts.statuses[status])}`}
      />
      <FilterSelect
        label="Delivery"
        name="delivery"
        value={filters.delivery}
        any="Any delivery"
        options={DELIVERY_STATES}
        optionLabel={(state) => DELIVERY_LABELS[state as DeliveryState]}
      />
      {/* Credential documents are asked of applicants: only roles that see applications filter by them. */}
      {forms.some(isApplicationForm) ? (
        <FilterSelect
          label="Documents"
          name="documents"
          value={filters.documents}
          any="Any documents"
          options={DOCUMENT_FILTERS}
          optionLabel={(state) => DOCUMENT_FILTER_LABELS[state as DocumentFilter]}
        />
      ) : null}
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
      {(["from", "to"] as const).map((name) => (
        <FilterField key={name} label={name === "from" ? "From" : "To"} name={name}>
          <Input id={idOf(name)} name={name} type="date" defaultValue={filters[name] ?? ""} />
        </FilterField>
      ))}
      <FilterSelect
        label="Sort"
        name="sort"
        value={filters.sort === "due" ? "due" : undefined}
        any="Newest first"
        options={["due"]}
        optionLabel={() => "Due first"}
      />
      <div className="flex gap-2 lg:self-end">
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
