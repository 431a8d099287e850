import { Gift } from "lucide-react";
import type { PricingPlan } from "~/content/types";
import { cn } from "~/lib/cn";
import { ActionButton } from "./action-link";
import { CheckList } from "./feature-grid";
import { card } from "./section";

/** Plan cards side by side on wide screens; the featured plan is outlined in the accent. */
export function PricingPlans({ plans, trial }: { plans: PricingPlan[]; trial: string }) {
  return (
    <>
      <ul className="grid items-stretch gap-6 lg:grid-cols-3">
        {plans.map((plan) => (
          <li
            key={plan.name}
            className={cn(
              card(plan.featured ? "featured" : "raised"),
              "relative flex flex-col p-6 md:p-8",
              plan.featured && "lg:-my-3 lg:py-11",
            )}
          >
            {plan.featured ? (
              <p className="absolute -top-3.5 left-6 rounded-full bg-(--accent-700) px-3 py-1 text-xs font-semibold tracking-wide text-white uppercase">
                Recommended
              </p>
            ) : null}
            <h3 className="text-xl font-semibold text-navy-900">{plan.name}</h3>
            <p className="mt-2 text-ink-soft">{plan.summary}</p>
            <p className="mt-6 flex items-baseline gap-1">
              {plan.cadence ? <span className="text-sm font-medium text-muted">from</span> : null}
              <span className="text-4xl font-bold tracking-tight text-navy-900 tabular">{plan.price}</span>
              {plan.cadence ? <span className="text-muted">{plan.cadence}</span> : null}
            </p>
            {plan.cadence ? null : (
              <p className="text-sm text-muted">Pricing tailored to your organisation</p>
            )}
            <CheckList items={plan.features} className="mt-6 flex-1" />
            <ActionButton
              cta={{ ...plan.cta, srSuffix: `for ${plan.name}` }}
              variant={plan.featured ? "primary" : "secondary"}
              size="md"
              className="mt-8 w-full"
            />
          </li>
        ))}
      </ul>
      <p className="mx-auto mt-10 flex max-w-xl items-center justify-center gap-3 rounded-full bg-(--accent-50) px-5 py-3 text-center font-medium text-(--accent-800)">
        <Gift aria-hidden className="size-5 shrink-0" />
        {trial}
      </p>
    </>
  );
}
