import { useId } from "react";
import type { FormSectionCopy } from "~/content/types";
import { islandAttributes } from "~/lib/island";
import { ContactDetails } from "./contact-details";
import { Eyebrow } from "./section";

export interface FormSectionProps {
  id: string;
  copy: FormSectionCopy;
  /** Another anchor that should land on this section too (#contact on /chart-assist). */
  alsoId?: string;
  contactEmail?: string;
  /** The lead form, rendered as is. */
  children: React.ReactNode;
}

/** An anchored lead section: heading, supporting copy, "what happens next" and contact details beside the form. */
export function FormSection({ id, copy, alsoId, contactEmail, children }: FormSectionProps) {
  const headingId = useId();
  return (
    <section id={id} aria-labelledby={headingId} className="relative bg-(--accent-50) py-16 md:py-24">
      {alsoId ? <span id={alsoId} className="absolute top-0" aria-hidden /> : null}
      <div
        {...islandAttributes("reveal")}
        className="mx-auto grid max-w-7xl gap-10 px-4 sm:px-6 lg:grid-cols-[2fr_3fr] lg:gap-16 lg:px-8"
      >
        <div>
          {copy.eyebrow && copy.eyebrow !== copy.title ? <Eyebrow>{copy.eyebrow}</Eyebrow> : null}
          <h2 id={headingId} className="mt-3 text-3xl font-bold text-navy-900 md:text-4xl">
            {copy.title}
          </h2>
          {copy.intro ? <p className="mt-4 text-lg text-ink-soft">{copy.intro}</p> : null}
          <h3 className="mt-8 text-lg font-semibold text-navy-900">{copy.nextSteps.title}</h3>
          <ol className="mt-4 space-y-4">
            {copy.nextSteps.items.map((item, index) => (
              <li key={item} className="flex gap-3 text-ink-soft">
                <span
                  aria-hidden
                  className="inline-flex size-7 shrink-0 items-center justify-center rounded-full bg-(--accent-700) text-sm font-semibold text-white tabular"
                >
                  {index + 1}
                </span>
                <span className="pt-0.5">{item}</span>
              </li>
            ))}
          </ol>
          <h3 className="mt-8 text-lg font-semibold text-navy-900">Prefer to talk?</h3>
          <ContactDetails email={contactEmail} className="mt-4" />
        </div>
        {/* The form brings its own card. */}
        <div className="min-w-0 self-start">{children}</div>
      </div>
    </section>
  );
}
