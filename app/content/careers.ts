import {
  CalendarHeart,
  ClipboardPen,
  HandHeart,
  MapPin,
  MessagesSquare,
  Sparkles,
  UserRoundCheck,
} from "lucide-react";
import type { Feature, FormSectionCopy, SectionCopy, Step } from "./types";

export const careersMeta = {
  title: "Nursing Jobs: Join Our Nursing Team | CareStaff Careers",
  description:
    "Join the CareStaff nursing team: on-site and per diem shifts for RNs, LPNs, CNAs and school nurses, from same-day to long-term assignments. Apply online today.",
};

export const careersHero = {
  eyebrow: "CareStaff Careers",
  title: "Join Our Nursing Team",
  typingLead: "Nursing that fits your",
  /** Typed one letter at a time, looping (spec, section 2). */
  typingWords: ["Work.", "Life.", "Choice."] as const,
  intro:
    "Pick up shifts that suit you as an RN, LPN, CNA or school nurse, on-site or per diem, with a team that has your back.",
  apply: { label: "Apply Now", href: "#application-form" },
};

export const whyJoin: SectionCopy & { items: Feature[] } = {
  eyebrow: "Why CareStaff",
  title: "Why Nurses Work With Us",
  items: [
    {
      icon: CalendarHeart,
      title: "Flexible scheduling",
      body: "Choose per diem shifts or a steady on-site assignment.",
    },
    {
      icon: MapPin,
      title: "Assignments near you",
      body: "Nursing homes, hospitals, schools, clinics and home care.",
    },
    {
      icon: HandHeart,
      title: "A team that supports you",
      body: "A recruiter who knows you and answers when you call.",
    },
    {
      icon: Sparkles,
      title: "Same-day to long-term",
      body: "Pick up an urgent shift or settle into a long-term role.",
    },
  ],
};

export const applySteps: SectionCopy & { items: Step[] } = {
  eyebrow: "How to Apply",
  title: "How to Apply",
  items: [
    {
      icon: ClipboardPen,
      title: "Apply online",
      body: "Share your details, credential and experience, and attach a résumé if you like.",
    },
    {
      icon: MessagesSquare,
      title: "Talk with a recruiter",
      body: "We review your application and talk about the work you want.",
    },
    {
      icon: UserRoundCheck,
      title: "Start working",
      body: "Once your credentials are verified, we match you to shifts.",
    },
  ],
};

export const applicationSection: FormSectionCopy = {
  eyebrow: "Application",
  title: "Apply to CareStaff",
  intro:
    "Tell us about yourself and the work you are looking for. Attaching a résumé is optional (.pdf, .doc or .docx).",
  nextSteps: {
    title: "What happens next",
    items: [
      "We review your application.",
      "A recruiter contacts you to talk about roles and schedules.",
      "We verify your credentials and match you to shifts.",
    ],
  },
};
