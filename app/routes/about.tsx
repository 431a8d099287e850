import { ActionButton } from "~/components/sections/action-link";
import { FeatureGrid } from "~/components/sections/feature-grid";
import { PageHero } from "~/components/sections/page-hero";
import { cardClass, Section } from "~/components/sections/section";
import { ServiceCards } from "~/components/sections/service-cards";
import { aboutHero, aboutMeta, meetTheTeam, ourStory, values, whatWeDo } from "~/content/about";
import { serviceCards } from "~/content/home";
import { accentClass } from "~/lib/accent";
import { cn } from "~/lib/cn";
import { pageMeta } from "~/lib/meta";
import { ROUTES } from "../../config/route-paths.ts";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = () => pageMeta({ ...aboutMeta, path: ROUTES.about });

/** About: the group, its story, its three services and a way to meet the team. */
export default function About() {
  return (
    <div className={accentClass.company}>
      <PageHero copy={aboutHero} showLogo />

      <Section id="our-story" copy={ourStory} align="left">
        <div className="grid grid-cols-1 gap-10 lg:grid-cols-[3fr_2fr] lg:gap-16">
          <div className="max-w-3xl space-y-5 text-lg text-ink-soft">
            {ourStory.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
          <aside className={cn(cardClass, "self-start p-6 sm:p-8")} aria-label={ourStory.founded.label}>
            <p className="text-sm font-semibold tracking-wide text-navy-700 uppercase">
              {ourStory.founded.label}
            </p>
            <p className="mt-1 text-5xl font-bold text-navy-900 tabular">{ourStory.founded.year}</p>
            <p className="mt-6 text-sm font-semibold tracking-wide text-navy-700 uppercase">
              {ourStory.servicesLabel}
            </p>
            <ul className="mt-3 space-y-3">
              {serviceCards.map((card) => (
                <li
                  key={card.service}
                  className={cn(accentClass[card.service], "flex flex-wrap items-center gap-x-3 gap-y-1")}
                >
                  <span aria-hidden className="size-2.5 rounded-full bg-(--accent-600)" />
                  <span className="font-semibold text-navy-900">{card.name}</span>
                  <span className="text-ink-soft">{card.tagline}</span>
                </li>
              ))}
            </ul>
          </aside>
        </div>
      </Section>

      <Section id="what-we-do" tone="surface" copy={whatWeDo}>
        <ServiceCards cards={serviceCards} linkLabel="Learn More" />
      </Section>

      <Section copy={values}>
        <FeatureGrid items={values.items} />
      </Section>

      <Section tone="surface" copy={meetTheTeam}>
        <div className="flex justify-center">
          <ActionButton cta={meetTheTeam.cta} />
        </div>
      </Section>
    </div>
  );
}
