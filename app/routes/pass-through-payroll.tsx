import { ActionButton } from "~/components/sections/action-link";
import { CheckList, FeatureGrid } from "~/components/sections/feature-grid";
import { FormSection } from "~/components/sections/form-section";
import { PageHero } from "~/components/sections/page-hero";
import { cardClass, Section } from "~/components/sections/section";
import { Steps } from "~/components/sections/steps";
import {
  payrollHero,
  payrollMeta,
  payrollPricing,
  payrollRequest,
  payrollSteps,
  whatItIs,
  whyUseIt,
} from "~/content/payroll";
import { LeadFormIsland } from "~/islands/lead-form-island";
import { accentClass } from "~/lib/accent";
import { cn } from "~/lib/cn";
import { pageMeta } from "~/lib/meta";
import { ROUTES } from "../../config/route-paths.ts";
import type { Route } from "./+types/pass-through-payroll";

export const meta: Route.MetaFunction = () => pageMeta({ ...payrollMeta, path: ROUTES.payroll });

/** Pass-through payroll: what it is, how it works, why use it, pricing, and the info request. */
export default function PassThroughPayroll() {
  return (
    <div className={accentClass.carestaff}>
      <PageHero copy={payrollHero} />

      <Section id="what-it-is" copy={whatItIs} align="left">
        <CheckList items={whatItIs.points} className="max-w-3xl text-lg" />
      </Section>

      <Section id="how-it-works" tone="surface" copy={payrollSteps}>
        <Steps items={payrollSteps.items} />
      </Section>

      <Section id="why-use-it" copy={whyUseIt}>
        <FeatureGrid items={whyUseIt.items} columns={4} />
      </Section>

      <Section id="pricing" tone="surface" copy={payrollPricing}>
        <div className={cn(cardClass, "mx-auto max-w-2xl p-8 text-center md:p-10")}>
          <p className="flex flex-wrap items-baseline justify-center gap-x-3 gap-y-1 text-navy-900">
            <span className="text-2xl font-semibold">{payrollPricing.rate}</span>
            <span className="text-3xl font-bold text-(--accent-700) tabular md:text-4xl">
              {payrollPricing.fee}
            </span>
          </p>
          <p className="mt-4 text-ink-soft">{payrollPricing.note}</p>
          <ActionButton cta={payrollPricing.cta} className="mt-8" />
        </div>
      </Section>

      <FormSection id="request-info" copy={payrollRequest}>
        <LeadFormIsland id="payroll-info" />
      </FormSection>
    </div>
  );
}
