import { ArrowLeft } from "lucide-react";
import { FormSection } from "~/components/sections/form-section";
import { Button } from "~/components/ui/button";
import { applicationSection } from "~/content/careers";
import { site } from "~/content/site";
import { ROUTES } from "../../../config/route-paths.ts";
import { SETTING_LABELS } from "../../../staff/openings.ts";
import type { PublicOpening } from "../../../staff/public-openings.ts";
import { OpeningDescription } from "./opening-description";
import { OpeningFacts } from "./opening-facts";

const startDate = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString("en-US", {
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });

/**
 * An opening's page: its title and facts, "Apply for this position", the description, and `form` (the nurse
 * application form's island with the opening attached) in the application section.
 */
export function OpeningDetails({ opening, form }: { opening: PublicOpening; form: React.ReactNode }) {
  const setting = SETTING_LABELS[opening.setting as keyof typeof SETTING_LABELS] ?? opening.setting;
  return (
    <>
      <article>
        <header className="bg-(--accent-50) py-12 md:py-16">
          <div className="mx-auto max-w-4xl px-4 sm:px-6 lg:px-8">
            <a
              href={`${ROUTES.careers}#open-positions`}
              className="inline-flex items-center gap-1.5 text-sm font-semibold text-(--accent-700) underline underline-offset-4"
            >
              <ArrowLeft aria-hidden="true" className="size-4" />
              All open positions
            </a>
            <h1 className="mt-4 text-4xl leading-tight font-bold text-navy-900 md:text-5xl">
              {opening.title}
            </h1>
            <p className="mt-3 text-lg text-ink-soft">
              {[opening.specialty, setting].filter(Boolean).join(" · ")}
            </p>
            <OpeningFacts opening={opening} className="mt-6 text-base" />
            <p className="mt-2 text-ink-soft">Starts {startDate(opening.startDate)}</p>
            <Button asChild size="lg" className="mt-8 w-full sm:w-auto">
              <a href="#application-form">Apply for this position</a>
            </Button>
          </div>
        </header>
        <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6 md:py-16 lg:px-8">
          <h2 className="mb-6 text-2xl font-bold text-navy-900">About this position</h2>
          <OpeningDescription text={opening.description} />
        </div>
      </article>
      <FormSection
        id="application-form"
        copy={{ ...applicationSection, eyebrow: opening.title, title: "Apply for this position" }}
        contactEmail={site.email.recruiting}
      >
        {form}
      </FormSection>
    </>
  );
}
