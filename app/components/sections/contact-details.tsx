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
  const link =
    "flex min-h-11 items-center gap-3 font-medium text-navy-900 underline-offset-4 hover:underline";
  const icon = "size-5 shrink-0 text-(--accent-700)";
  return (
    <address className={cn("space-y-3 not-italic text-ink-soft", className)}>
      <p className="flex items-start gap-3">
        <MapPin aria-hidden className={cn(icon, "mt-0.5")} />
        <span>{site.company.address}</span>
      </p>
      <p>
        <a href={site.company.phoneHref} className={link}>
          <Phone aria-hidden className={icon} />
          {site.company.phone}
        </a>
      </p>
      <p>
        <a href={`mailto:${email}`} className={cn(link, "break-all")}>
          <Mail aria-hidden className={icon} />
          {email}
        </a>
      </p>
    </address>
  );
}
