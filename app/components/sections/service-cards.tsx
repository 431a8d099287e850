import { ArrowRight, ClipboardCheck, Headset, Stethoscope } from "lucide-react";
import { Wordmark } from "~/components/ui/wordmark";
import type { ServiceCard } from "~/content/home";
import { type ServiceId, serviceById } from "~/content/site";
import { accentClass } from "~/lib/accent";
import { cn } from "~/lib/cn";
import { cardClass } from "./section";

const serviceIcons: Record<ServiceId, typeof Headset> = {
  chartassist: ClipboardCheck,
  carestaff: Stethoscope,
  careworks: Headset,
};

/**
 * The three services, each card in its own accent and linking to its page.
 * `linkLabel` replaces each card's own call to action (About's "Learn More").
 */
export function ServiceCards({ cards, linkLabel }: { cards: ServiceCard[]; linkLabel?: string }) {
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {cards.map((card) => {
        const Icon = serviceIcons[card.service];
        const service = serviceById(card.service);
        return (
          <li
            key={card.service}
            className={cn(
              cardClass,
              accentClass[card.service],
              "group relative flex flex-col overflow-hidden p-6 text-left transition-shadow hover:shadow-lg md:p-8",
            )}
          >
            <span aria-hidden className="absolute inset-x-0 top-0 h-1 bg-(--accent-600)" />
            <span className="inline-flex size-12 items-center justify-center rounded-xl bg-(--accent-50) text-(--accent-700)">
              <Icon aria-hidden className="size-6" />
            </span>
            <h3 className="mt-5 text-xl font-bold text-navy-900">
              <Wordmark service={service} />
              <span className="sr-only"> ({card.name})</span>
            </h3>
            <p className="mt-1 text-sm font-semibold tracking-wide text-(--accent-700) uppercase">
              {card.tagline}
            </p>
            <p className="mt-3 flex-1 text-ink-soft">{card.body}</p>
            <a
              href={card.href}
              className="mt-6 inline-flex min-h-11 items-center gap-2 self-start font-semibold text-(--accent-700) underline-offset-4 after:absolute after:inset-0 hover:underline"
            >
              {linkLabel ?? card.cta}
              {linkLabel ? <span className="sr-only"> about {card.name}</span> : null}
              <ArrowRight aria-hidden className="size-4 transition-transform group-hover:translate-x-0.5" />
            </a>
          </li>
        );
      })}
    </ul>
  );
}
