import type {
  BreadcrumbList,
  ContactPoint,
  Offer,
  Organization,
  PostalAddress,
  Service,
  WithContext,
} from "schema-dts";
import type { SiteConfig } from "../../config/site.ts";
import { ROUTES, type RoutePath } from "../route-paths.ts";

/**
 * JSON-LD for search engines (schema.org vocabulary), built from the site configuration so the
 * company facts in the markup are the same ones the footer shows.
 */

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

/** The three services, as the Organization offers them and each service page describes itself. */
const serviceFacts = [
  {
    path: ROUTES.chartAssist,
    name: "ChartAssist",
    serviceType: "Clinical compliance charting",
    description:
      "Remote U.S.-licensed, HIPAA-certified RNs do nightly charting, care plans and compliance checks, and send morning audit reports.",
  },
  {
    path: ROUTES.careStaff,
    name: "CareStaff",
    serviceType: "Nurse staffing",
    description:
      "Pre-vetted RNs, LPNs, CNAs and school nurses, on-site or per diem, from same-day to long-term placement.",
  },
  {
    path: ROUTES.careWorks,
    name: "CareWorks",
    serviceType: "Remote healthcare administration team",
    description:
      "A trained remote team for billing, coding, prior authorizations, insurance calls, claims, credentialing and EMR data entry, 24/7.",
  },
] as const;

/** ChartAssist pricing (spec, section 9): monthly plans "from" a price, and Enterprise on request. */
export const chartAssistPlans = [
  {
    name: "Basic Audit",
    monthlyFrom: 1999,
    description: "Basic compliance checking, morning summary reports, 5-day coverage and email support.",
  },
  {
    name: "Standard Suite",
    monthlyFrom: 2500,
    description:
      "Everything in Basic, plus nightly chart completion, all care plans for admissions and quarterlies, select quarterly assessments, 7-day coverage, bi-annual audit preparation and a dedicated implementation manager.",
  },
  {
    name: "Enterprise Solution",
    monthlyFrom: null,
    description:
      "Custom pricing: 24/7 chart completion, full compliance suite, custom EHR integration, a dedicated account manager and quarterly executive reviews.",
  },
] as const;

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
    slogan: "Healthcare Solutions You Can Trust",
    foundingDate: "2022",
    telephone,
    email: site.email.contact,
    address: postalAddress(site.company.address),
    contactPoint,
    identifier: { "@type": "PropertyValue", propertyID: "NPI", value: site.company.npi },
    hasOfferCatalog: {
      "@type": "OfferCatalog",
      name: "Healthcare staffing and support services",
      itemListElement: serviceFacts.map(
        (service): Offer => ({
          "@type": "Offer",
          itemOffered: {
            "@type": "Service",
            "@id": serviceId(site, service.path),
            name: service.name,
            serviceType: service.serviceType,
            description: service.description,
            url: absolute(site, service.path),
          },
        }),
      ),
    },
  };
}

function chartAssistOffers(site: SiteConfig): Offer[] {
  const url = `${absolute(site, ROUTES.chartAssist)}#pricing`;
  const plans = chartAssistPlans.map(
    (plan): Offer =>
      plan.monthlyFrom === null
        ? { "@type": "Offer", name: plan.name, description: plan.description, url }
        : {
            "@type": "Offer",
            name: plan.name,
            description: plan.description,
            url,
            priceCurrency: "USD",
            priceSpecification: {
              "@type": "UnitPriceSpecification",
              price: plan.monthlyFrom,
              minPrice: plan.monthlyFrom,
              priceCurrency: "USD",
              unitCode: "MON",
              unitText: "MONTH",
            },
          },
  );
  const trial: Offer = {
    "@type": "Offer",
    name: "Free one-week trial",
    description: "Try ChartAssist free for one week; no credit card required.",
    url: `${absolute(site, ROUTES.chartAssist)}#demo`,
    price: 0,
    priceCurrency: "USD",
    eligibleDuration: { "@type": "QuantitativeValue", value: 1, unitCode: "WEE", unitText: "WEEK" },
  };
  return [...plans, trial];
}

/** The Service a service page is about; ChartAssist carries its priced offers. */
export function service(site: SiteConfig, path: string): WithContext<Service> | null {
  const facts = serviceFacts.find((candidate) => candidate.path === path);
  if (!facts) return null;
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    "@id": serviceId(site, facts.path),
    name: facts.name,
    serviceType: facts.serviceType,
    description: facts.description,
    url: absolute(site, facts.path),
    provider: { "@id": organizationId(site) },
    areaServed: { "@type": "Country", name: "United States" },
    ...(facts.path === ROUTES.chartAssist && { offers: chartAssistOffers(site) }),
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
export function structuredDataFor(site: SiteConfig, path: string, { indexable }: { indexable: boolean }) {
  const blocks: object[] = [organization(site)];
  if (!indexable) return blocks;
  const pageService = service(site, path);
  if (pageService) blocks.push(pageService);
  const trail = breadcrumbs(site, path);
  if (trail) blocks.push(trail);
  return blocks;
}
