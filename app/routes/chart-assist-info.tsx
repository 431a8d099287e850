import { CtaBand } from "~/components/sections/cta-band";
import { CheckList, FeatureGrid } from "~/components/sections/feature-grid";
import { PageHero } from "~/components/sections/page-hero";
import { cardClass, Section } from "~/components/sections/section";
import { StatsGrid } from "~/components/sections/stats-grid";
import {
  chartAssistInfoCta,
  chartAssistInfoHero,
  chartAssistInfoMeta,
  handled,
  problem,
  qualityControl,
  results,
  solution,
} from "~/content/chart-assist-info";
import { accentClass } from "~/lib/accent";
import { cn } from "~/lib/cn";
import { pageMeta } from "~/lib/meta";
import { ROUTES } from "../../config/route-paths.ts";
import type { Route } from "./+types/chart-assist-info";

export const meta: Route.MetaFunction = () =>
  pageMeta({ ...chartAssistInfoMeta, path: ROUTES.chartAssistInfo });

/** The ChartAssist detail page: problem, solution, what is handled, quality control, results. */
export default function ChartAssistInfo() {
  return (
    <div className={accentClass.chartassist}>
      <PageHero copy={chartAssistInfoHero} showLogo />

      <Section id="problem" copy={problem} align="left">
        <div className="grid items-center gap-8 md:grid-cols-[1fr_2fr]">
          <div className={cn(cardClass, "p-8")}>
            <StatsGrid items={[problem.stat]} durationMs={0} />
          </div>
          <CheckList items={problem.points} className="text-lg" />
        </div>
      </Section>

      <Section id="solution" tone="surface" copy={solution} align="left">
        <CheckList items={solution.points} className="max-w-3xl text-lg" />
      </Section>

      <Section id="what-we-handle" copy={handled}>
        <FeatureGrid items={handled.items} />
      </Section>

      <Section id="quality-control" tone="surface" copy={qualityControl}>
        <FeatureGrid items={qualityControl.items} columns={4} />
      </Section>

      <Section id="results" copy={results}>
        <StatsGrid items={results.stats} durationMs={0} tone="card" className="mx-auto max-w-3xl" />
        <CheckList items={results.points} className="mx-auto mt-10 max-w-2xl" />
      </Section>

      <CtaBand copy={chartAssistInfoCta} actions={chartAssistInfoCta.actions} />
    </div>
  );
}
