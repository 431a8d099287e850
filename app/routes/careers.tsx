import { FeatureGrid } from "~/components/sections/feature-grid";
import { FormSection } from "~/components/sections/form-section";
import { PageHero } from "~/components/sections/page-hero";
import { Section } from "~/components/sections/section";
import { Steps } from "~/components/sections/steps";
import { TypingWord } from "~/components/sections/typing-word";
import { Button } from "~/components/ui/button";
import { applicationSection, applySteps, careersHero, careersMeta, whyJoin } from "~/content/careers";
import { site } from "~/content/site";
import { LeadFormIsland } from "~/islands/lead-form-island";
import { accentClass } from "~/lib/accent";
import { pageMeta } from "~/lib/meta";
import { slotAttributes } from "~/lib/slots";
import { ROUTES } from "../../config/route-paths.ts";
import type { Route } from "./+types/careers";

export const meta: Route.MetaFunction = () => pageMeta({ ...careersMeta, path: ROUTES.careers });

const { apply } = careersHero;

/** Nurse careers: the typing hero, the open positions, why join, how to apply, and the application form. */
export default function Careers() {
  return (
    <div className={accentClass.carestaff}>
      <PageHero
        copy={careersHero}
        beforeIntro={<TypingWord lead={careersHero.typingLead} words={careersHero.typingWords} />}
      >
        <div className="mt-8 flex justify-center">
          <Button asChild size="lg">
            {/* A plain anchor: the page glides to the form (app/styles.css), or jumps under reduced motion. */}
            <a href={apply.href}>{apply.label}</a>
          </Button>
        </div>
      </PageHero>

      {/* "Open positions": the published openings, rendered by the server at request time (decision 028). */}
      <div {...slotAttributes("openings")} />

      <Section copy={whyJoin}>
        <FeatureGrid items={whyJoin.items} columns={4} />
      </Section>

      <Section tone="surface" copy={applySteps}>
        <Steps items={applySteps.items} />
      </Section>

      <FormSection id="application-form" copy={applicationSection} contactEmail={site.email.recruiting}>
        <LeadFormIsland id="nurse-application" />
      </FormSection>
    </div>
  );
}
