import { Section } from "~/components/sections/section";
import { ServiceCards } from "~/components/sections/service-cards";
import { StatsGrid } from "~/components/sections/stats-grid";
import { TestimonialCarousel } from "~/components/sections/testimonials";
import { LogoMark } from "~/components/ui/logo-mark";
import { homeHero, homeMeta, homeStats, homeTestimonials, serviceCards } from "~/content/home";
import { site } from "~/content/site";
import { accentClass } from "~/lib/accent";
import { pageMeta } from "~/lib/meta";
import { ROUTES } from "../../config/route-paths.ts";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => pageMeta({ ...homeMeta, path: ROUTES.home });

export default function Home() {
  return (
    <div className={accentClass.company}>
      <section aria-labelledby="home-title" className="bg-linear-to-b from-navy-50 via-white to-white">
        <div className="mx-auto max-w-7xl px-4 pt-20 pb-16 text-center sm:px-6 md:pt-28 md:pb-24 lg:px-8">
          <LogoMark className="mx-auto size-20 md:size-24" />
          <p className="mt-4 text-lg font-semibold text-navy-800">{site.company.name}</p>
          <h1
            id="home-title"
            className="mx-auto mt-4 max-w-3xl text-4xl font-bold text-navy-900 sm:text-5xl md:text-6xl"
          >
            {homeHero.title}
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-ink-soft md:text-xl">{homeHero.intro}</p>
          <h2 className="sr-only">{homeHero.servicesLabel}</h2>
          <div className="mt-12 md:mt-16">
            <ServiceCards cards={serviceCards} />
          </div>
        </div>
      </section>

      <Section tone="dark" copy={{ title: homeStats.heading }}>
        <StatsGrid items={homeStats.items} durationMs={1500} threshold={0.1} tone="dark" />
      </Section>

      <Section copy={homeTestimonials}>
        <TestimonialCarousel items={homeTestimonials.items} label="Client testimonials" />
      </Section>
    </div>
  );
}
