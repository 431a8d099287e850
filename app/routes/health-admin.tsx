import { CheckCircle2 } from "lucide-react";
import { FeatureGrid } from "~/components/sections/feature-grid";
import { FormSection } from "~/components/sections/form-section";
import { PageHero } from "~/components/sections/page-hero";
import { Section } from "~/components/sections/section";
import { StatsGrid } from "~/components/sections/stats-grid";
import { Steps } from "~/components/sections/steps";
import { TestimonialCarousel } from "~/components/sections/testimonials";
import {
  careWorksBenefits,
  careWorksContact,
  careWorksHero,
  careWorksMeta,
  careWorksMetrics,
  careWorksProcess,
  careWorksTestimonials,
  topServices,
  whoWeHelp,
} from "~/content/health-admin";
import { LeadFormIsland } from "~/islands/lead-form-island";
import { accentClass } from "~/lib/accent";
import { pageMeta } from "~/lib/meta";
import { ROUTES } from "../../config/route-paths.ts";
import type { Route } from "./+types/health-admin";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    ...careWorksMeta,
    path: ROUTES.careWorks,
    servicePage: { service: "careworks", description: careWorksHero.intro },
  });

/** The CareWorks landing page. */
export default function HealthAdmin() {
  return (
    <div className={accentClass.careworks}>
      <PageHero
        copy={careWorksHero}
        media={
          <img
            src="/images/careworks-team.svg"
            alt=""
            width={560}
            height={440}
            fetchPriority="high"
            className="h-auto w-full max-w-md lg:max-w-none"
          />
        }
      >
        <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-3">
          {careWorksHero.highlights.map((highlight) => (
            <li key={highlight} className="inline-flex items-center gap-2 font-medium text-navy-900">
              <CheckCircle2 aria-hidden className="size-5 text-(--accent-700)" />
              {highlight}
            </li>
          ))}
        </ul>
      </PageHero>

      <Section copy={whoWeHelp}>
        <FeatureGrid items={whoWeHelp.items} columns={5} />
      </Section>

      <Section id="services" tone="surface" copy={topServices}>
        <FeatureGrid items={topServices.items} />
      </Section>

      <Section copy={careWorksProcess}>
        <Steps items={careWorksProcess.items} />
      </Section>

      <Section tone="surface" copy={careWorksBenefits}>
        <FeatureGrid items={careWorksBenefits.items} />
      </Section>

      <Section tone="dark" copy={careWorksMetrics}>
        <StatsGrid items={careWorksMetrics.items} durationMs={2000} tone="dark" />
      </Section>

      <Section copy={careWorksTestimonials}>
        <TestimonialCarousel items={careWorksTestimonials.items} label="CareWorks client testimonials" wrap />
      </Section>

      <FormSection id="contact" copy={careWorksContact}>
        <LeadFormIsland id="careworks-demo" />
      </FormSection>
    </div>
  );
}
