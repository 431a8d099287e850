import { ArrowRight, ExternalLink } from "lucide-react";
import { CtaLink } from "~/components/sections/action-link";
import { ContactDetails } from "~/components/sections/contact-details";
import { PageHero } from "~/components/sections/page-hero";
import { cardClass } from "~/components/sections/section";
import { buttonVariants } from "~/components/ui/button";
import { Wordmark } from "~/components/ui/wordmark";
import { destinations, loginHelp, loginHero, loginMeta, staffSignIn } from "~/content/login";
import { serviceById } from "~/content/site";
import { accentClass } from "~/lib/accent";
import { cn } from "~/lib/cn";
import { pageMeta } from "~/lib/meta";
import { ROUTES } from "../../config/route-paths.ts";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () => pageMeta({ ...loginMeta, path: ROUTES.login });

/** Sends each client where their account lives; there is no password form on this site. */
export default function Login() {
  return (
    <div className={accentClass.company}>
      <PageHero copy={loginHero} />
      <section
        aria-label="Choose your service"
        className="mx-auto max-w-7xl px-4 pb-16 sm:px-6 md:pb-24 lg:px-8"
      >
        <ul className="grid gap-6 md:grid-cols-3">
          {destinations.map((destination) => {
            const service = serviceById(destination.service);
            return (
              <li
                key={destination.service}
                className={cn(
                  cardClass,
                  accentClass[destination.service],
                  "relative flex flex-col overflow-hidden p-6 md:p-8",
                )}
              >
                <span aria-hidden className="absolute inset-x-0 top-0 h-1 bg-(--accent-600)" />
                <h2 className="text-2xl">
                  <Wordmark service={service} />
                  <span className="sr-only"> ({destination.audience})</span>
                </h2>
                <p className="mt-1 text-sm font-semibold tracking-wide text-(--accent-700) uppercase">
                  {destination.audience}
                </p>
                <p className="mt-3 text-ink-soft">{destination.body}</p>
                {destination.showContact ? <ContactDetails className="mt-5" /> : null}
                <div className="flex-1" />
                <CtaLink
                  cta={destination.cta}
                  className={cn(
                    buttonVariants({ variant: destination.cta.external ? "primary" : "secondary" }),
                    "mt-6 w-full",
                  )}
                >
                  {destination.cta.label}
                  {destination.cta.external ? <ExternalLink aria-hidden /> : <ArrowRight aria-hidden />}
                </CtaLink>
              </li>
            );
          })}
        </ul>
        <p className="mt-12 text-center text-ink-soft">
          <span className="font-semibold text-navy-900">{loginHelp.title}</span> {loginHelp.body}{" "}
          <a href={loginHelp.cta.href} className="font-semibold text-navy-800 underline underline-offset-4">
            {loginHelp.cta.label}
          </a>
        </p>
        <p className="mt-6 text-center text-sm">
          {/* A full page load: the staff pages start from their own never-cached shell. */}
          <a
            href={staffSignIn.href}
            className="inline-flex min-h-6 items-center text-muted underline underline-offset-4 hover:text-ink"
          >
            {staffSignIn.label}
          </a>
        </p>
      </section>
    </div>
  );
}
