import {
  BadgeDollarSign,
  FileSpreadsheet,
  Handshake,
  Receipt,
  ShieldCheck,
  UserRoundPlus,
  Wallet,
} from "lucide-react";
import type { Cta, Feature, FormSectionCopy, HeroCopy, SectionCopy, Step } from "./types";

export const payrollMeta = {
  title: "Pass-Through Payroll for Nurses You Recruit | CareStaff",
  description:
    "You choose the nurse and set the rate; we employ them and run payroll, billed at your rate +15% plus $1.50 per hour. Replies within 24 hours.",
};

export const payrollHero: HeroCopy = {
  eyebrow: "CareStaff – Additional Services",
  title: "Pass-Through Payroll",
  intro:
    "You found the right nurse. We take care of employing and paying them, so you can bring them on without adding payroll work to your team.",
  actions: [
    { label: "Request Info", href: "#request-info" },
    { label: "How it works", href: "#how-it-works" },
  ],
};

export const whatItIs: SectionCopy & { points: string[] } = {
  eyebrow: "What It Is",
  title: "What Is Pass-Through Payroll?",
  intro:
    "Pass-through payroll lets your facility work with a nurse you have recruited yourself while CareStaff acts as the employer of record. The nurse works for you; we handle the employment paperwork and pay.",
  points: [
    "You choose the nurse and direct their work.",
    "CareStaff employs the nurse and runs payroll.",
    "You receive one clear invoice.",
  ],
};

export const payrollSteps: SectionCopy & { items: Step[] } = {
  eyebrow: "How It Works",
  title: "How It Works",
  items: [
    {
      icon: UserRoundPlus,
      title: "You bring the nurse",
      body: "Introduce the nurse you want to work with and agree the schedule.",
    },
    {
      icon: Wallet,
      title: "You set the rate",
      body: "You decide the nurse's pay rate. We onboard them as our employee.",
    },
    {
      icon: Receipt,
      title: "We run payroll and bill you",
      body: "We pay the nurse and invoice you at the rate plus our fee.",
    },
  ],
};

export const whyUseIt: SectionCopy & { items: Feature[] } = {
  eyebrow: "Why Use It",
  title: "Why Use Pass-Through Payroll?",
  items: [
    {
      icon: FileSpreadsheet,
      title: "No payroll administration",
      body: "Onboarding paperwork, payroll and pay stubs are handled for you.",
    },
    {
      icon: ShieldCheck,
      title: "Employment handled properly",
      body: "CareStaff takes on the employer responsibilities for the nurse.",
    },
    {
      icon: Handshake,
      title: "Keep the nurse you chose",
      body: "Work with the person you recruited, on the schedule you agreed.",
    },
    {
      icon: BadgeDollarSign,
      title: "Simple, predictable pricing",
      body: "A transparent fee on top of the rate you set, with nothing hidden.",
    },
  ],
};

export const payrollPricing: SectionCopy & { rate: string; fee: string; note: string; cta: Cta } = {
  eyebrow: "Pricing",
  title: "Transparent Pricing",
  intro: "You set the staff rate. We bill that rate plus a simple fee.",
  rate: "Your rate",
  fee: "+15% plus $1.50 per hour",
  note: "The client sets the staff rate; CareStaff bills the rate +15% plus $1.50 per hour.",
  cta: { label: "Request Info", href: "#request-info" },
};

export const payrollRequest: FormSectionCopy = {
  eyebrow: "Request Info",
  title: "Request Info",
  intro: "Send us a few details about the nurse and your facility. We reply within 24 hours.",
  nextSteps: {
    title: "What happens next",
    items: [
      "We reply within 24 hours.",
      "We confirm the rate, schedule and start date with you.",
      "We onboard the nurse and start payroll.",
    ],
  },
};
