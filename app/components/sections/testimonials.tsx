import { Quote } from "lucide-react";
import { Carousel } from "~/components/ui/carousel";
import type { Testimonial } from "~/content/types";
import { cn } from "~/lib/cn";
import { card } from "./section";

const initialsOf = (name: string) =>
  name
    .replace(/^Dr\.\s*/, "")
    .split(/\s+/)
    .map((part) => part[0])
    .join("")
    .replace(/[^A-Z]/gi, "")
    .slice(0, 2)
    .toUpperCase();

/** Client quotes in the shared carousel: home stops at the ends, the landing pages wrap with dots. */
export function TestimonialCarousel({
  items,
  label,
  wrap = false,
}: {
  items: Testimonial[];
  label: string;
  wrap?: boolean;
}) {
  const slides = items.map((item) => ({ id: item.name, content: <TestimonialCard item={item} /> }));
  return (
    <Carousel
      label={label}
      itemName="testimonial"
      slides={slides}
      loop={wrap}
      dots={wrap}
      className="mx-auto max-w-3xl"
    />
  );
}

function TestimonialCard({ item }: { item: Testimonial }) {
  return (
    <figure className={cn(card("flat"), "flex h-full flex-col p-8 md:p-10")}>
      <Quote aria-hidden className="size-8 text-(--accent-500)" />
      <blockquote className="mt-4 flex-1 text-lg text-ink md:text-xl">
        <p>“{item.quote}”</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-4">
        {item.image ? (
          <img
            src={item.image.src}
            alt={item.image.alt}
            width={56}
            height={56}
            loading="lazy"
            decoding="async"
            className="size-14 rounded-full bg-(--accent-50)"
          />
        ) : (
          <span
            aria-hidden
            className="inline-flex size-14 items-center justify-center rounded-full bg-(--accent-100) text-lg font-bold text-(--accent-800)"
          >
            {initialsOf(item.name)}
          </span>
        )}
        <span>
          <span className="block font-semibold text-navy-900">{item.name}</span>
          <span className="block text-sm text-muted">{item.title}</span>
        </span>
      </figcaption>
    </figure>
  );
}
