import type { Image } from "~/content/types";
import { cn } from "~/lib/cn";
import { cardClass } from "./section";

/** Drawn badges (security, compliance) with a name and one line each. */
export function BadgeGrid({ items }: { items: (Image & { name: string; body: string })[] }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {items.map((badge) => (
        <li key={badge.name} className={cn(cardClass, "flex flex-col items-center p-6 text-center")}>
          <img
            src={badge.src}
            alt={badge.alt}
            width={badge.width}
            height={badge.height}
            loading="lazy"
            decoding="async"
          />
          <h3 className="mt-4 text-lg font-semibold text-navy-900">{badge.name}</h3>
          <p className="mt-2 text-sm text-ink-soft">{badge.body}</p>
        </li>
      ))}
    </ul>
  );
}

/** Names as text chips (EHR systems), ending with "and more". */
export function ChipList({ items, more }: { items: string[]; more?: string }) {
  return (
    <ul className="flex flex-wrap justify-center gap-3">
      {items.map((item) => (
        <li
          key={item}
          className="rounded-full border border-line bg-white px-5 py-2.5 font-semibold text-navy-900 shadow-sm"
        >
          {item}
        </li>
      ))}
      {more ? <li className="px-3 py-2.5 font-medium text-muted italic">{more}</li> : null}
    </ul>
  );
}
