import { ROUTES } from "../../config/route-paths.ts";
import type { SiteConfig } from "../../config/site.ts";

/** Company facts, resolved from the environment at build time (placeholders by default; see README). */
export const site: SiteConfig = __SITE__;

/** Facts about the company that do not vary by deployment: the home page's headline and About's "Founded". */
export const companyFacts = {
  slogan: "Healthcare Solutions You Can Trust",
  foundingYear: "2022",
} as const;

export const services = [
  {
    id: "chartassist",
    name: "ChartAssist",
    /** What kind of service it is, as search engines read it (schema.org serviceType). */
    category: "Clinical compliance charting",
    wordmark: ["Chart", "Assist"],
    menuLabel: "ChartAssist – Clinical Compliance",
    switcherLabel: "ChartAssist – Clinical Compliance",
    href: ROUTES.chartAssist,
  },
  {
    id: "carestaff",
    name: "CareStaff",
    category: "Nurse staffing",
    wordmark: ["Care", "Staff"],
    menuLabel: "CareStaff – Nurse Staffing",
    switcherLabel: "CareStaff – Nurse Staffing",
    href: ROUTES.careStaff,
  },
  {
    id: "careworks",
    name: "CareWorks",
    category: "Remote healthcare administration team",
    wordmark: ["Care", "Works"],
    menuLabel: "CareWorks – Remote Team",
    switcherLabel: "CareWorks Support – Remote Team",
    href: ROUTES.careWorks,
  },
] as const;

export type Service = (typeof services)[number];
export type ServiceId = Service["id"];

/** The service with this id (every ServiceId has one). */
export const serviceById = (id: ServiceId): Service =>
  services.find((service) => service.id === id) ?? services[0];

/** Order of the pills in the solution switcher, as the spec lists them. */
export const switcherOrder: ServiceId[] = ["carestaff", "careworks", "chartassist"];

export const navLinks = {
  about: { label: "About Us", href: ROUTES.about },
  team: { label: "Meet Our Team", shortLabel: "Our Team", href: ROUTES.team },
  findJob: { label: "Find a Job", href: ROUTES.careers },
} as const;

export const footerQuickLinks = [
  { label: "Home", href: ROUTES.home },
  { label: "About Us", href: ROUTES.about },
  { label: "Meet Our Team", href: ROUTES.team },
  { label: "ChartAssist", href: ROUTES.chartAssist },
  { label: "CareStaff", href: ROUTES.careStaff },
  { label: "CareWorks", href: ROUTES.careWorks },
] as const;

export const legalLinks = [
  { label: "Privacy Policy", href: ROUTES.privacy },
  { label: "Terms of Service", href: ROUTES.terms },
] as const;

export const awards = [
  { src: "/images/award-excellence.svg", alt: "Healthcare Staffing Excellence award badge" },
  { src: "/images/award-compliance.svg", alt: "Clinical Compliance Partner award badge" },
] as const;

/**
 * Footer variants: each service's own tagline and primary call to action.
 * The default (ChartAssist and shared pages) leads to the ChartAssist demo.
 */
export const footerVariants = {
  default: {
    tagline: "Remote RN charting and compliance checks that leave your facility audit-ready every morning.",
    cta: { label: "Request a Demo", href: `${ROUTES.chartAssist}#demo` },
  },
  "care-staff": {
    tagline: "Pre-vetted RNs, LPNs, CNAs and school nurses, on-site or per diem, from same-day to long-term.",
    cta: { label: "Get Staffed", href: `${ROUTES.careStaff}#contact` },
  },
  "health-admin": {
    tagline: "A trained remote back-office team for billing, prior authorizations, credentialing and more.",
    cta: { label: "Hire Now", href: `${ROUTES.careWorks}#contact` },
  },
} as const;

export type FooterVariant = keyof typeof footerVariants;
