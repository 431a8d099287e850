import type {
  BreadcrumbList,
  ContactPoint,
  Offer,
  Organization,
  PostalAddress,
  Service,
  WithContext,
} from "schema-dts";
import { companyFacts, type ServiceId, services } from "~/content/site";
import type { PricingPlan } from "~/content/types";
import { ROUTES, type RoutePath } from "../../config/route-paths.ts";
import type { SiteConfig } from "../../config/site.ts";

/**
 * JSON-LD for search engines (schema.org vocabulary), read from the site configuration and the content
 * modules, so the markup states the same facts, prices and descriptions the page shows.
 */

/** What a service page says about its service: its description and, where it has one, its price list. */
export interface ServicePage {
  service: ServiceId;
  description: string;
  pricing?: { plans: PricingPlan[]; trial: string };
}

/** The short name of each page, as a breadcrumb shows it; typed by route so a new page needs one. */
export const pageNames: Record<RoutePath, string> = {
  [ROUTES.home]: "Home",
  [ROUTES.about]: "About Us",
  [ROUTES.team]: "Meet Our Team",
  [ROUTES.chartAssist]: "ChartAssist",
  [ROUTES.chartAssistInfo]: "How ChartAssist Works",
  [ROUTES.careStaff]: "CareStaff",
  [ROUTES.careers]: "Careers",
  [ROUTES.payroll]: "Pass-Through Payroll",
  [ROUTES.careWorks]: "CareWorks",
  [ROUTES.privacy]: "Privacy Policy",
  [ROUTES.terms]: "Terms of Service",
  [ROUTES.login]: "Log In",
};

const absolute = (site: SiteConfig, path: string) => `${site.url}${path}`;
const organizationId = (site: SiteConfig) => `${site.url}/#organization`;
const serviceId = (site: SiteConfig, path: string) => `${absolute(site, path)}#service`;

/** "100 Example Avenue, Suite 200, Albany, NY 12207" as a PostalAddress; unparsed text stays whole. */
export function postalAddress(address: string): PostalAddress {
  const match = /^(.+),\s*([^,]+),\s*([A-Z]{2})\s+(\d{5}(?:-\d{4})?)$/.exec(address.trim());
  if (!match) return { "@type": "PostalAddress", streetAddress: address, addressCountry: "US" };
  const [, streetAddress, addressLocality, addressRegion, postalCode] = match;
  return {
    "@type": "PostalAddress",
    streetAddress,
    addressLocality,
    addressRegion,
    postalCode,
    addressCountry: "US",
  };
}

export function organization(site: SiteConfig): WithContext<Organization> {
  const telephone = site.company.phoneHref.replace(/^tel:/, "");
  const contactPoint: ContactPoint[] = [
    {
      "@type": "ContactPoint",
      contactType: "sales",
      telephone,
      email: site.email.contact,
      areaServed: "US",
      availableLanguage: "English",
    },
    {
      "@type": "ContactPoint",
      contactType: "recruiting",
      email: site.email.recruiting,
      areaServed: "US",
      availableLanguage: "English",
    },
  ];
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": organizationId(site),
    name: site.company.name,
    url: `${site.url}/`,
    logo: absolute(site, "/logo.png"),
    image: absolute(site, "/og-image.png"),
    slogan: companyFacts.slogan,
    foundingDate: companyFacts.foundingYear,
    telephone,
    email: site.email.contact,
    address: postalAddress(site.company.address),
    contactPoint,
    identifier: { "@type": "PropertyValue", propertyID: "NPI", value: site.company.npi },
    hasOfferCatalog: {
      "@type": "OfferCatalog",
      name: "Healthcare staffing and support services",
      // Each service page describes its service in full under the same @id.
      itemListElement: services.map(
        (service): Offer => ({
          "@type": "Offer",
          itemOffered: {
            "@type": "Service",
            "@id": serviceId(site, service.href),
            name: service.name,
            serviceType: service.category,
            url: absolute(site, service.href),
          },
        }),
      ),
    },
  };
}

/** "$1,999" as 1999; a price that is not a dollar amount ("Custom") is given on request: null. */
export function dollars(price: string): number | null {
  if (!price.startsWith("$")) return null;
  const match = /^\$(\d{1,3}(?:,\d{3})*|\d+)(?:\.(\d{2}))?$/.exec(price);
  if (!match) throw new Error(`structured-data: cannot read the price "${price}"`);
  return Number(`${match[1]?.replaceAll(",", "")}.${match[2] ?? "00"}`);
}

/** schema.org's unit codes (UN/CEFACT) for the cadences a price is quoted per. */
const CADENCE_UNITS: Record<string, { unitCode: string; unitText: string }> = {
  "/month": { unitCode: "MON", unitText: "MONTH" },
};

function offers(site: SiteConfig, path: string, pricing: NonNullable<ServicePage["pricing"]>): Offer[] {
  const url = `${absolute(site, path)}#pricing`;
  const plans = pricing.plans.map((plan): Offer => {
    const price = dollars(plan.price);
    const offer: Offer = { "@type": "Offer", name: plan.name, description: plan.summary, url };
    if (price === null) return offer;
    const unit = CADENCE_UNITS[plan.cadence ?? ""];
    if (!unit) throw new Error(`structured-data: no unit for the cadence "${plan.cadence}" of ${plan.name}`);
    return {
      ...offer,
      priceCurrency: "USD",
      priceSpecification: {
        "@type": "UnitPriceSpecification",
        price,
        minPrice: price,
        priceCurrency: "USD",
        ...unit,
      },
    };
  });
  const trial: Offer = {
    "@type": "Offer",
    name: "Free one-week trial",
    description: pricing.trial,
    url: `${absolute(site, path)}#demo`,
    price: 0,
    priceCurrency: "USD",
    eligibleDuration: { "@type": "QuantitativeValue", value: 1, unitCode: "WEE", unitText: "WEEK" },
  };
  return [...plans, trial];
}

/** The Service a service page is about, in the page's own words; with its priced offers where it has a price list. */
export function service(site: SiteConfig, page: ServicePage): WithContext<Service> {
  const { name, category, href } = services.find((candidate) => candidate.id === page.service) ?? services[0];
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    "@id": serviceId(site, href),
    name,
    serviceType: category,
    description: page.description,
    url: absolute(site, href),
    provider: { "@id": organizationId(site) },
    areaServed: { "@type": "Country", name: "United States" },
    ...(page.pricing && { offers: offers(site, href, page.pricing) }),
  };
}

const isRoutePath = (path: string): path is RoutePath => Object.hasOwn(pageNames, path);

/** Home, then each parent page that exists, then the page: /carestaff/careers is Home > CareStaff > Careers. */
export function breadcrumbs(site: SiteConfig, path: string): WithContext<BreadcrumbList> | null {
  if (path === ROUTES.home || !isRoutePath(path)) return null;
  const trail: RoutePath[] = [ROUTES.home];
  const segments = path.split("/").filter(Boolean);
  for (let depth = 1; depth <= segments.length; depth++) {
    const prefix = `/${segments.slice(0, depth).join("/")}`;
    if (isRoutePath(prefix)) trail.push(prefix);
  }
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: pageNames[crumb],
      item: absolute(site, crumb === ROUTES.home ? "/" : crumb),
    })),
  };
}

/** Every JSON-LD block for a page: Organization always, then its Service and breadcrumbs where they apply. */
export function structuredDataFor(
  site: SiteConfig,
  path: string,
  { indexable, servicePage }: { indexable: boolean; servicePage?: ServicePage },
) {
  const blocks: object[] = [organization(site)];
  if (!indexable) return blocks;
  if (servicePage) blocks.push(service(site, servicePage));
  const trail = breadcrumbs(site, path);
  if (trail) blocks.push(trail);
  return blocks;
}
