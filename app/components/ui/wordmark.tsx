import type { Service } from "~/content/site";
import { cn } from "~/lib/cn";

/** "Chart+Assist": the plus drawn in the service's accent. Reads as one word to assistive technology. */
export function Wordmark({
  service,
  className = "text-navy-900",
}: {
  service: Service;
  /** Size and colour; navy on light backgrounds unless given. */
  className?: string;
}) {
  const [first, second] = service.wordmark;
  return (
    <span className={cn("font-bold tracking-tight", className)}>
      {first}
      <span className="text-(--accent-600)">+</span>
      {second}
    </span>
  );
}
