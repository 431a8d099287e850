import { ActionButton } from "~/components/sections/action-link";
import { BadgeGrid, ChipList } from "~/components/sections/badge-grid";
import { Comparison } from "~/components/sections/comparison";
import { CheckList, IconBadge } from "~/components/sections/feature-grid";
import { FormSection } from "~/components/sections/form-section";
import { PageHero } from "~/components/sections/page-hero";
import { PricingPlans } from "~/components/sections/pricing";
import { cardClass, Section } from "~/components/sections/section";
import { StatsGrid } from "~/components/sections/stats-grid";
import { Steps } from "~/components/sections/steps";
import { TestimonialCarousel } from "~/components/sections/testimonials";
import {
  burden,
  chartAssistBenefits,
  chartAssistDashboard,
  chartAssistDemo,
  chartAssistHero,
  chartAssistHeroImage,
  chartAssistMeta,
  chartAssistSteps,
  chartAssistTestimonials,
  ehrList,
  pricing,
  securityBadges,
} from "~/content/chart-assist";
import { LeadFormIsland } from "~/islands/lead-form-island";
import { accentClass } from "~/lib/accent";
import { cn } from "~/lib/cn";
import { pageMeta } from "~/lib/meta";
import { ROUTES } from "../../config/route-paths.ts";
import type { Route } from "./+types/chart-assist";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    ...chartAssistMeta,
    path: ROUTES.chartAssist,
    servicePage: { service: "chartassist", description: chartAssistHero.intro, pricing },
  });

/** The ChartAssist landing page, in the spec's order (the services overview is not shown here). */
export default function ChartAssist() {
  return (
    <div className={accentClass.chartassist}>
      <PageHero
        copy={chartAssistHero}
        media={
          <img
            src={chartAssistHeroImage.src}
            alt={chartAssistHeroImage.alt}
            width={chartAssistHeroImage.width}
            height={chartAssistHeroImage.height}
            fetchPriority="high"
            className="h-auto w-full max-w-md lg:max-w-none"
          />
        }
      >
        <ul className="mt-8 flex flex-wrap gap-3">
          {chartAssistHero.badges.map(({ icon: Icon, label }) => (
            <li
              key={label}
              className="inline-flex items-center gap-2 rounded-full border border-(--accent-100) bg-white px-4 py-2 text-sm font-semibold text-navy-900 shadow-sm"
            >
              <Icon aria-hidden className="size-4 text-(--accent-700)" />
              {label}
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm text-muted">{chartAssistHero.trialNote}</p>
      </PageHero>

      <Section copy={burden}>
        <Comparison problem={burden.problem} solution={burden.solution} />
      </Section>

      <Section id="how-it-works" tone="surface" copy={chartAssistSteps}>
        <Steps items={chartAssistSteps.items} />
      </Section>

      <Section copy={securityBadges}>
        <BadgeGrid items={securityBadges.items} />
      </Section>

      <Section tone="surface" copy={ehrList}>
        <ChipList items={ehrList.systems} more={ehrList.more} />
        <div className="mt-10 flex justify-center">
          <ActionButton cta={ehrList.cta} variant="secondary" />
        </div>
      </Section>

      <Section id="pricing" copy={pricing}>
        <PricingPlans plans={pricing.plans} trial={pricing.trial} />
      </Section>

      <Section tone="surface" copy={chartAssistBenefits}>
        <ul className="grid gap-6 md:grid-cols-3">
          {chartAssistBenefits.groups.map((group) => (
            <li key={group.title} className={cn(cardClass, "p-6 md:p-8")}>
              <IconBadge icon={group.icon} />
              <h3 className="mt-4 text-xl font-semibold text-navy-900">{group.title}</h3>
              <p className="mt-2 text-ink-soft">{group.body}</p>
              <CheckList items={group.points} className="mt-5" />
            </li>
          ))}
        </ul>
      </Section>

      <Section copy={chartAssistDashboard}>
        <figure className={cn(cardClass, "mx-auto max-w-5xl overflow-hidden")}>
          <figcaption className="flex items-center gap-2 border-b border-line bg-surface px-5 py-3 text-sm font-medium text-ink-soft">
            <span aria-hidden className="size-2.5 rounded-full bg-success" />
            {chartAssistDashboard.caption}
          </figcaption>
          <StatsGrid items={chartAssistDashboard.items} durationMs={2000} className="p-6 md:p-10" />
        </figure>
      </Section>

      <Section tone="surface" copy={chartAssistTestimonials}>
        <TestimonialCarousel
          items={chartAssistTestimonials.items}
          label="ChartAssist client testimonials"
          wrap
        />
      </Section>

      <FormSection id="demo" alsoId="contact" copy={chartAssistDemo}>
        <LeadFormIsland id="chartassist-demo" />
      </FormSection>
    </div>
  );
}
