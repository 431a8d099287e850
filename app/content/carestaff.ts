import {
  Baby,
  CalendarClock,
  CalendarRange,
  HeartHandshake,
  Hospital,
  Stethoscope,
  Syringe,
  UserCheck,
  Zap,
} from "lucide-react";
import { ROUTES } from "../../config/route-paths.ts";
import type { Cta, Feature, FormSectionCopy, HeroCopy, SectionCopy, Stat } from "./types";

export const careStaffMeta = {
  title: "CareStaff: Pre-Vetted Nurse Staffing, Same-Day to Long-Term",
  description:
    "Pre-vetted RNs, LPNs, CNAs and school nurses, on-site or per diem, from same-day to long-term. Our staffing team responds within 1 business hour.",
};

export const careStaffHero: HeroCopy & { rating: { score: string; outOf: string; reviews: string } } = {
  eyebrow: "CareStaff – Nurse Staffing",
  title: "Trusted Nurses for Every Shift",
  intro:
    "Pre-vetted RNs, LPNs, CNAs and school nurses, on-site or per diem, from same-day coverage to long-term placements.",
  actions: [
    { label: "Get Staffed Now", href: "#contact" },
    { label: "Get Hired Now", href: ROUTES.careers },
  ],
  rating: { score: "4.9", outOf: "5", reviews: "from 124 reviews" },
};

export const careStaffStats: SectionCopy & { items: Stat[] } = {
  title: "CareStaff by the Numbers",
  items: [
    { value: 150, suffix: "+", label: "Placements", animate: true },
    { value: 97, suffix: "%", label: "Client Satisfaction", animate: true },
    { value: 24, label: "Hour Response Time", animate: true },
  ],
};

export const roles: SectionCopy & { items: Feature[] } = {
  eyebrow: "Who We Place",
  title: "Nurses for Every Setting",
  intro: "Every nurse is pre-vetted: licence, credentials and references checked before the first shift.",
  items: [
    {
      icon: Stethoscope,
      title: "Registered Nurses (RNs)",
      body: "Skilled clinical care, assessments and care coordination.",
    },
    {
      icon: Syringe,
      title: "Licensed Practical Nurses (LPNs)",
      body: "Medication passes, treatments and resident care.",
    },
    {
      icon: HeartHandshake,
      title: "Certified Nursing Assistants (CNAs)",
      body: "Daily living support and attentive bedside care.",
    },
    {
      icon: Baby,
      title: "School Nurses",
      body: "Student health services, screenings and medication management.",
    },
  ],
};

export const placementOptions: SectionCopy & { items: Feature[] } = {
  eyebrow: "Flexible Placement",
  title: "Staffing on Your Terms",
  items: [
    {
      icon: Hospital,
      title: "On-Site",
      body: "Nurses who join your team at your facility for the shifts you need.",
    },
    {
      icon: CalendarClock,
      title: "Per Diem",
      body: "Shift-by-shift coverage for call-outs, census spikes and vacations.",
    },
    { icon: Zap, title: "Same-Day", body: "Urgent openings filled quickly when you are short today." },
    {
      icon: CalendarRange,
      title: "Long-Term",
      body: "Consistent nurses for extended contracts and ongoing needs.",
    },
  ],
};

export const additionalServices: SectionCopy & {
  card: { icon: typeof UserCheck; title: string; body: string; cta: Cta };
} = {
  eyebrow: "Additional Services",
  title: "Additional Services",
  card: {
    icon: UserCheck,
    title: "Pass-Through Payroll",
    body: "Already found the nurse you want? We employ them and run payroll while you set the rate.",
    cta: { label: "Learn about pass-through payroll", href: ROUTES.payroll },
  },
};

export const careStaffNurseCta: SectionCopy & { cta: Cta } = {
  title: "Are You a Nurse Looking for Work?",
  intro: "Flexible shifts, on-site or per diem, with a team that supports you.",
  cta: { label: "Get Hired Now", href: ROUTES.careers },
};

export const careStaffContact: FormSectionCopy = {
  eyebrow: "Request Staff",
  title: "Get Staffed Today",
  intro: "Tell us who you need and when. Our staffing team responds within 1 business hour.",
  nextSteps: {
    title: "What happens next",
    items: [
      "Our staffing team responds within 1 business hour.",
      "We confirm the role, schedule and requirements with you.",
      "A pre-vetted nurse is matched to your shift.",
    ],
  },
};
