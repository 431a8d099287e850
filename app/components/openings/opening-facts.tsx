import { BadgeCheck, BriefcaseBusiness, Clock, DollarSign, MapPin } from "lucide-react";
import { cn } from "~/lib/cn";
import {
  employmentTypeLabel,
  type PublicOpening,
  payRange,
  shiftLabel,
} from "../../../staff/public-openings.ts";

/** An opening's facts as a visitor scans them: credential, place, shift, employment type and pay. */
export function OpeningFacts({ opening, className }: { opening: PublicOpening; className?: string }) {
  const facts = [
    { icon: BadgeCheck, label: "Credential", value: opening.credential },
    { icon: MapPin, label: "Place", value: `${opening.city}, ${opening.state}` },
    { icon: Clock, label: "Shift", value: shiftLabel(opening.shift) },
    { icon: BriefcaseBusiness, label: "Employment type", value: employmentTypeLabel(opening.employmentType) },
    { icon: DollarSign, label: "Pay", value: payRange(opening) },
  ];
  return (
    <dl className={cn("grid gap-x-6 gap-y-2 text-ink-soft sm:grid-cols-2", className)}>
      {facts.map(({ icon: Icon, label, value }) => (
        <div key={label} className="flex items-center gap-2">
          <Icon aria-hidden="true" className="size-4 shrink-0 text-(--accent-700)" />
          <dt className="sr-only">{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
