import { ArrowRight, Star } from "lucide-react";
import { CtaLink } from "~/components/sections/action-link";
import { CtaBand } from "~/components/sections/cta-band";
import { FeatureGrid, IconBadge } from "~/components/sections/feature-grid";
import { FormSection } from "~/components/sections/form-section";
import { PageHero } from "~/components/sections/page-hero";
import { cardClass, Section } from "~/components/sections/section";
import { StatsGrid } from "~/components/sections/stats-grid";
import {
  additionalServices,
  careStaffContact,
  careStaffHero,
  careStaffMeta,
  careStaffNurseCta,
  careStaffStats,
  placementOptions,
  roles,
} from "~/content/carestaff";
import { LeadFormIsland } from "~/islands/lead-form-island";
import { accentClass } from "~/lib/accent";
import { cn } from "~/lib/cn";
import { pageMeta } from "~/lib/meta";
import { ROUTES } from "../../config/route-paths.ts";
import type { Route } from "./+types/carestaff";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    ...careStaffMeta,
    path: ROUTES.careStaff,
    servicePage: { service: "carestaff", description: careStaffHero.intro },
  });

/** The CareStaff landing page. */
export default function CareStaff() {
  const { rating } = careStaffHero;
  const { card } = additionalServices;
  return (
    <div className={accentClass.carestaff}>
      <PageHero
        copy={careStaffHero}
        media={
          <img
            src="/images/carestaff-nurses.svg"
            alt=""
            width={560}
            height={440}
            fetchPriority="high"
            className="h-auto w-full max-w-md lg:max-w-none"
          />
        }
      >
        <p className="mt-8 inline-flex flex-wrap items-center gap-x-3 gap-y-1 rounded-2xl border border-line bg-white px-4 py-3 shadow-sm">
          <span className="flex text-amber-500" aria-hidden>
            {[1, 2, 3, 4, 5].map((star) => (
              <Star key={star} className="size-5 fill-current" />
            ))}
          </span>
          <span className="font-semibold text-navy-900">
            {rating.score}/{rating.outOf}
          </span>
          <span className="text-ink-soft">{rating.reviews}</span>
        </p>
      </PageHero>

      <Section tone="dark" copy={careStaffStats}>
        <StatsGrid items={careStaffStats.items} durationMs={1500} tone="dark" />
      </Section>

      <Section copy={roles}>
        <FeatureGrid items={roles.items} columns={4} />
      </Section>

      <Section tone="surface" copy={placementOptions}>
        <FeatureGrid items={placementOptions.items} columns={4} />
      </Section>

      <Section copy={additionalServices}>
        <div
          className={cn(
            cardClass,
            "relative mx-auto flex max-w-3xl flex-col gap-6 p-6 sm:flex-row sm:items-center md:p-8",
          )}
        >
          <IconBadge icon={card.icon} size="lg" />
          <div className="flex-1">
            <h3 className="text-xl font-semibold text-navy-900">{card.title}</h3>
            <p className="mt-2 text-ink-soft">{card.body}</p>
          </div>
          <CtaLink
            cta={card.cta}
            className="inline-flex min-h-11 items-center gap-2 font-semibold text-(--accent-700) underline-offset-4 after:absolute after:inset-0 hover:underline"
          >
            {card.cta.label}
            <ArrowRight aria-hidden className="size-4" />
          </CtaLink>
        </div>
      </Section>

      <CtaBand copy={careStaffNurseCta} actions={[careStaffNurseCta.cta]} />

      <FormSection id="contact" copy={careStaffContact}>
        <LeadFormIsland id="staffing-request" />
      </FormSection>
    </div>
  );
}
