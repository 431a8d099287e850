import { cn } from "~/lib/cn";

/** The company mark: a shield holding a medical cross, legible at 24 px. Decorative beside a name. */
export function LogoMark({ className, title }: { className?: string; title?: string }) {
  return (
    <svg
      viewBox="0 0 32 32"
      width="32"
      height="32"
      className={cn("shrink-0", className)}
      role={title ? "img" : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
    >
      <path
        d="M16 2 4 6.5v8.6c0 7.3 5 13.4 12 14.9 7-1.5 12-7.6 12-14.9V6.5L16 2Z"
        fill="var(--accent-700, #1c3766)"
      />
      <path d="M13.5 9.5h5v4.5H23v5h-4.5v4.5h-5V19H9v-5h4.5V9.5Z" fill="#fff" />
    </svg>
  );
}
