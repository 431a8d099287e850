import { Mail, MapPin, Phone } from "lucide-react";
import { useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { LogoMark } from "~/components/ui/logo-mark";
import { Wordmark } from "~/components/ui/wordmark";
import { awards, footerQuickLinks, footerVariants, legalLinks, serviceById, site } from "~/content/site";
import { accentClass } from "~/lib/accent";
import { cn } from "~/lib/cn";
import { footerVariantForPath, serviceForPath } from "~/lib/service";

const YEAR = new Date().getFullYear();

/** The footer, in the variant of the path's service: care-staff, health-admin or the default. */
export function SiteFooter() {
  const { pathname } = useLocation();
  const variantName = footerVariantForPath(pathname);
  const variant = footerVariants[variantName];
  const serviceId = serviceForPath(pathname);
  const service = serviceById(serviceId);

  return (
    <footer
      data-variant={variantName}
      className={cn("mt-auto border-t border-line bg-navy-900 text-navy-50", accentClass[serviceId])}
    >
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div className="lg:col-span-2">
          <div className="flex items-center gap-3">
            <LogoMark className="size-9 rounded-md bg-white p-0.5" />
            <span className="flex flex-col leading-tight">
              <Wordmark service={service} className="text-xl text-white [&>span]:text-(--accent-100)" />
              <span className="text-sm text-navy-100">by {site.company.name}</span>
            </span>
          </div>
          <p className="mt-4 max-w-md text-navy-100">{variant.tagline}</p>
          <Button asChild variant="inverse" className="mt-6">
            <a href={variant.cta.href}>{variant.cta.label}</a>
          </Button>
        </div>

        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className="text-base font-semibold text-white">
            Quick Links
          </h2>
          <ul className="mt-3 space-y-1">
            {footerQuickLinks.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  className="inline-flex min-h-10 items-center text-navy-100 underline-offset-4 hover:text-white hover:underline"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h2 className="text-base font-semibold text-white">Contact</h2>
          <address className="mt-3 space-y-3 not-italic text-navy-100">
            <p className="flex gap-2">
              <MapPin aria-hidden className="mt-1 size-4 shrink-0" />
              <span>{site.company.address}</span>
            </p>
            <p>
              <a
                href={site.company.phoneHref}
                className="inline-flex min-h-10 items-center gap-2 underline-offset-4 hover:text-white hover:underline"
              >
                <Phone aria-hidden className="size-4" />
                {site.company.phone}
              </a>
            </p>
            <p>
              <a
                href={`mailto:${site.email.contact}`}
                className="inline-flex min-h-10 items-center gap-2 break-all underline-offset-4 hover:text-white hover:underline"
              >
                <Mail aria-hidden className="size-4" />
                {site.email.contact}
              </a>
            </p>
          </address>
          <ul className="mt-6 flex gap-4" aria-label="Awards">
            {awards.map((award) => (
              <li key={award.src}>
                <img src={award.src} alt={award.alt} width={88} height={88} loading="lazy" decoding="async" />
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-sm text-navy-100 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
          <p>
            © {YEAR} {site.company.name}. All rights reserved. NPI: {site.company.npi}
          </p>
          <ul className="flex gap-6">
            {legalLinks.map((link) => (
              <li key={link.href}>
                <a
                  href={link.href}
                  className="inline-flex min-h-10 items-center underline underline-offset-4 hover:text-white"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
