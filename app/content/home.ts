import { ROUTES } from "../../config/route-paths.ts";
import { companyFacts, type ServiceId } from "./site";
import type { SectionCopy, Stat, Testimonial } from "./types";

export const homeMeta = {
  title: `${companyFacts.slogan} | Compliance and Staffing`,
  description:
    "Remote RN charting and compliance checks, pre-vetted nurse staffing, and a trained remote back-office team for billing and prior authorizations.",
};

export const homeHero = {
  title: companyFacts.slogan,
  intro:
    "One partner for the work that keeps a facility running: clinical compliance charting, nurse staffing and a remote administrative team. Choose the service you need.",
  servicesLabel: "Our services",
};

export interface ServiceCard {
  service: ServiceId;
  name: string;
  tagline: string;
  body: string;
  href: string;
  cta: string;
}

/** The three service cards, used on home and About. */
export const serviceCards: ServiceCard[] = [
  {
    service: "chartassist",
    name: "ChartAssist",
    tagline: "Clinical Compliance",
    body: "Remote U.S.-licensed, HIPAA-certified RNs complete nightly charting, care plans and compliance checks, with an audit report every morning.",
    href: ROUTES.chartAssist,
    cta: "Explore ChartAssist",
  },
  {
    service: "carestaff",
    name: "CareStaff",
    tagline: "Nurse Staffing",
    body: "Pre-vetted RNs, LPNs, CNAs and school nurses, on-site or per diem, for same-day needs through long-term placements.",
    href: ROUTES.careStaff,
    cta: "Explore CareStaff",
  },
  {
    service: "careworks",
    name: "CareWorks",
    tagline: "Remote Team",
    body: "A trained remote team for billing, coding, prior authorizations, insurance calls, claims, credentialing and EMR data entry.",
    href: ROUTES.careWorks,
    cta: "Explore CareWorks",
  },
];

export const homeStats: { heading: string; items: Stat[] } = {
  heading: "Results our clients count on",
  items: [
    { value: 4000, suffix: "+", label: "Clinical Hours Covered", animate: true },
    { value: 98, suffix: "%", label: "Audit-Ready Compliance", animate: false },
    { value: 1.2, decimals: 1, prefix: "$", suffix: "M", label: "in Monthly Claims Handled", animate: false },
  ],
};

export const homeTestimonials: SectionCopy & { items: Testimonial[] } = {
  eyebrow: "Testimonials",
  title: "What Our Clients Say",
  intro: "Operators, managers and medical directors on working with our teams.",
  items: [
    {
      name: "Maria T.",
      title: "Healthcare Operator",
      quote:
        "Onboarding was straightforward and the team took billing off our plate from the first week. Our staff finally spends its time on residents instead of paperwork.",
    },
    {
      name: "Daniel K.",
      title: "Practice Manager",
      quote:
        "Prior authorizations used to stall our schedule. Now they are requested, tracked and followed up without anyone on my team chasing them.",
    },
    {
      name: "Dr. Lena R.",
      title: "Medical Director",
      quote:
        "EMR data entry is accurate and current every morning. Our providers trust the chart again, and that shows in the care we give.",
    },
  ],
};
