import { useId } from "react";
import { cn } from "~/lib/cn";

/** One section of a staff page: a card with its heading, named for assistive technology by that heading. */
export function Panel({
  title,
  className,
  children,
}: {
  title: string;
  className?: string;
  children: React.ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={cn("rounded-xl border border-line bg-white p-4 shadow-sm md:p-5", className)}
    >
      <h2 id={id} className="mb-3 text-base font-semibold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}
