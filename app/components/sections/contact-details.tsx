import { Mail, MapPin, Phone } from "lucide-react";
import { site } from "~/content/site";
import { cn } from "~/lib/cn";

/** The company's address, phone (tel:) and e-mail (mailto:) from the site config. */
export function ContactDetails({
  email = site.email.contact,
  className,
}: {
  email?: string;
  className?: string;
}) {
  const row = "flex items-start gap-3";
  const icon = "mt-0.5 size-5 shrink-0 text-(--accent-700)";
  return (
    <address className={cn("space-y-3 not-italic text-ink-soft", className)}>
      <p className={row}>
        <MapPin aria-hidden className={icon} />
        <span>{site.company.address}</span>
      </p>
      <p>
        <a
          href={site.company.phoneHref}
          className={cn(
            row,
            "min-h-11 items-center font-medium text-navy-900 underline-offset-4 hover:underline",
          )}
        >
          <Phone aria-hidden className={cn(icon, "mt-0")} />
          {site.company.phone}
        </a>
      </p>
      <p>
        <a
          href={`mailto:${email}`}
          className={cn(
            row,
            "min-h-11 items-center font-medium break-all text-navy-900 underline-offset-4 hover:underline",
          )}
        >
          <Mail aria-hidden className={cn(icon, "mt-0")} />
          {email}
        </a>
      </p>
    </address>
  );
}
