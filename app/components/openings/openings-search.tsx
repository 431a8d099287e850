import { Search } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { OPENING_CREDENTIALS, SHIFTS } from "../../../staff/openings.ts";
import { type OpeningFilters, PLACE_MAX, shiftLabel } from "../../../staff/public-openings.ts";

const labelClass = "mb-2 block text-sm leading-snug font-semibold text-ink";

/**
 * The openings' search: a plain GET form to the careers page, so it works without JavaScript and the URL it
 * makes (`?credential=RN&shift=nights&place=Albany#open-positions`) can be shared and crawled.
 */
export function OpeningsSearch({ action, filters }: { action: string; filters: OpeningFilters }) {
  return (
    <search
      aria-label="Search openings"
      className="block rounded-card border border-line bg-white p-4 shadow-card sm:p-6"
    >
      <form
        method="get"
        action={`${action}#open-positions`}
        className="grid items-end gap-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1.5fr_auto]"
      >
        <div>
          <label htmlFor="openings-credential" className={labelClass}>
            Credential
          </label>
          <Select
            id="openings-credential"
            name="credential"
            options={OPENING_CREDENTIALS}
            placeholder="Any credential"
            defaultValue={filters.credential}
          />
        </div>
        <div>
          <label htmlFor="openings-shift" className={labelClass}>
            Shift
          </label>
          <Select
            id="openings-shift"
            name="shift"
            options={SHIFTS}
            optionLabel={shiftLabel}
            placeholder="Any shift"
            defaultValue={filters.shift}
          />
        </div>
        <div className="sm:col-span-2 lg:col-span-1">
          <label htmlFor="openings-place" className={labelClass}>
            Place
          </label>
          <Input
            id="openings-place"
            name="place"
            type="search"
            maxLength={PLACE_MAX}
            placeholder="City, state or ZIP code"
            defaultValue={filters.place}
          />
        </div>
        <Button type="submit" size="lg" className="w-full sm:col-span-2 lg:col-span-1 lg:w-auto">
          <Search aria-hidden="true" />
          Search
        </Button>
      </form>
    </search>
  );
}
