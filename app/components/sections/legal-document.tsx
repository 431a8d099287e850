import type { LegalDocument as Doc } from "~/content/legal";
import { Eyebrow } from "./section";

/** A legal text: h1, effective date, contents, then one h2 per section at a readable measure. */
export function LegalDocument({ doc }: { doc: Doc }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-14 sm:px-6 md:py-20">
      <Eyebrow>Legal</Eyebrow>
      <h1 className="mt-3 text-4xl font-bold text-navy-900 md:text-5xl">{doc.title}</h1>
      {doc.effective ? <p className="mt-4 font-medium text-ink-soft">{doc.effective}</p> : null}
      <p className="mt-6 text-lg text-ink-soft">{doc.summary}</p>

      <nav aria-labelledby="legal-contents" className="mt-10 rounded-2xl border border-line bg-surface p-6">
        <h2 id="legal-contents" className="text-base font-semibold text-navy-900">
          Contents
        </h2>
        <ol className="mt-3 grid list-decimal gap-x-8 gap-y-1 pl-5 text-ink-soft sm:grid-cols-2">
          {doc.sections.map((section) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="inline-flex min-h-9 items-center text-navy-800 underline-offset-4 hover:underline"
              >
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {doc.sections.map((section, index) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="mt-12">
          <h2 id={`${section.id}-title`} className="text-2xl font-bold text-navy-900">
            <span className="text-muted tabular">{index + 1}.</span> {section.title}
          </h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-4 text-ink-soft">
              {paragraph}
            </p>
          ))}
          {section.list ? (
            <ul className="mt-4 list-disc space-y-2 pl-6 text-ink-soft marker:text-navy-700">
              {section.list.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </article>
  );
}
