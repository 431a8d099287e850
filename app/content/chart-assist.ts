import {
  Activity,
  Building2,
  ClipboardCheck,
  ClipboardList,
  DatabaseZap,
  FileWarning,
  HeartPulse,
  Hourglass,
  LineChart,
  Moon,
  ShieldCheck,
  Stethoscope,
  Sunrise,
  UserRoundCheck,
  Users,
} from "lucide-react";
import type {
  Feature,
  FormSectionCopy,
  HeroCopy,
  Image,
  PricingPlan,
  SectionCopy,
  Stat,
  Step,
  Testimonial,
} from "./types";

export const chartAssistMeta = {
  title: "ChartAssist: Remote RN Charting and Compliance Checks",
  description:
    "Remote U.S.-licensed, HIPAA-certified RNs do your nightly charting, care plans and compliance checks. Free one-week trial, no credit card.",
};

export const chartAssistHero: HeroCopy & {
  badges: { icon: typeof ShieldCheck; label: string }[];
  trialNote: string;
} = {
  eyebrow: "ChartAssist – Clinical Compliance",
  title: "Empower Your Nurses. Protect Your Patients.",
  intro:
    "Remote U.S.-licensed, HIPAA-certified RNs complete your charting, care plans and compliance checks overnight, then send a morning audit report, so your nurses can stay with their patients.",
  actions: [
    { label: "Request Demo", href: "#demo" },
    { label: "See Pricing", href: "#pricing" },
  ],
  badges: [
    { icon: ShieldCheck, label: "HIPAA Compliant" },
    { icon: Building2, label: "Trusted by 40+ Facilities" },
  ],
  trialNote: "Free one-week trial. No credit card required.",
};

export const chartAssistHeroImage: Image = {
  src: "/images/chartassist-dashboard.svg",
  alt: "Illustration of the ChartAssist morning audit report: charts completed, care plans updated and compliance checks passed.",
  width: 560,
  height: 440,
};

export const burden = {
  title: "The Burden of Documentation",
  intro:
    "Charting is essential, and it keeps nurses away from the bedside. ChartAssist moves that work to a remote clinical team without lowering the standard.",
  problem: {
    title: "Without ChartAssist",
    items: [
      { icon: Hourglass, text: "Nurses spend 2+ hours per shift on documentation." },
      { icon: Moon, text: "Charts are finished late, after long shifts, when mistakes are most likely." },
      { icon: FileWarning, text: "Missing care plans and compliance gaps surface at audit time." },
      { icon: Users, text: "Paperwork fatigue adds to burnout and turnover." },
    ],
  },
  solution: {
    title: "With ChartAssist",
    items: [
      { icon: Stethoscope, text: "Remote U.S.-licensed, HIPAA-certified RNs complete charting every night." },
      { icon: ClipboardList, text: "Care plans are written and updated for admissions and quarterlies." },
      { icon: ClipboardCheck, text: "Every chart is checked for compliance before morning." },
      { icon: Sunrise, text: "A morning audit report shows leadership exactly where things stand." },
    ],
  },
};

export const chartAssistSteps: SectionCopy & { items: Step[] } = {
  eyebrow: "How It Works",
  title: "How It Works",
  intro: "Three steps run every night, so each morning starts with complete, checked charts.",
  items: [
    {
      icon: DatabaseZap,
      title: "Data Sync",
      body: "We connect securely to your EHR and pick up the day's documentation, orders and assessments.",
    },
    {
      icon: Activity,
      title: "Real-Time Charting",
      body: "Our remote RNs complete charting and care plans as the data arrives, following your facility's policies.",
    },
    {
      icon: ClipboardCheck,
      title: "Compliance Checks",
      body: "Every chart is reviewed against regulatory requirements, and you receive a morning audit report.",
    },
  ],
};

export const securityBadges: SectionCopy & { items: (Image & { name: string; body: string })[] } = {
  eyebrow: "Security",
  title: "Built for Security and Compliance",
  intro: "Protected health information is handled with the safeguards your patients and regulators expect.",
  items: [
    {
      name: "HIPAA",
      body: "Administrative, physical and technical safeguards for protected health information.",
      src: "/images/badges/hipaa.svg",
      alt: "HIPAA badge",
      width: 96,
      height: 96,
    },
    {
      name: "GDPR",
      body: "Privacy-by-design data handling, including data minimisation and access controls.",
      src: "/images/badges/gdpr.svg",
      alt: "GDPR badge",
      width: 96,
      height: 96,
    },
    {
      name: "HITRUST CSF",
      body: "Controls aligned with the HITRUST Common Security Framework.",
      src: "/images/badges/hitrust.svg",
      alt: "HITRUST CSF badge",
      width: 96,
      height: 96,
    },
    {
      name: "SOC 2 Type II",
      body: "Security, availability and confidentiality controls, independently reviewed over time.",
      src: "/images/badges/soc2.svg",
      alt: "SOC 2 Type II badge",
      width: 96,
      height: 96,
    },
  ],
};

export const ehrList = {
  eyebrow: "Integrations",
  title: "Works With Your EHR",
  intro: "ChartAssist nurses work inside the systems your facility already uses, including:",
  systems: ["Epic", "Cerner", "PointClickCare", "MatrixCare", "Allscripts", "Netsmart", "HealthMEDX"],
  more: "and more",
  cta: { label: "Check Compatibility", href: "#demo" },
};

export const pricing: SectionCopy & { plans: PricingPlan[]; trial: string } = {
  eyebrow: "Pricing",
  title: "Simple, Transparent Pricing",
  intro: "Choose the coverage your facility needs. Every plan starts with a free one-week trial.",
  trial: "Free one-week trial. No credit card required.",
  plans: [
    {
      name: "Basic Audit",
      price: "$1,999",
      cadence: "/month",
      summary: "Compliance checking and a clear morning summary.",
      features: ["Basic compliance checking", "Morning summary reports", "5-day coverage", "Email support"],
      cta: { label: "Start Free Trial", href: "#demo" },
    },
    {
      name: "Standard Suite",
      price: "$2,500",
      cadence: "/month",
      summary: "Nightly chart completion and care plans, seven days a week.",
      features: [
        "Everything in Basic",
        "Nightly chart completion",
        "All care plans for admissions and quarterlies",
        "Select quarterly assessments",
        "7-day coverage",
        "Bi-annual audit preparation",
        "Dedicated implementation manager",
      ],
      cta: { label: "Start Free Trial", href: "#demo" },
      featured: true,
    },
    {
      name: "Enterprise Solution",
      price: "Custom",
      summary: "Round-the-clock coverage and a full compliance suite for larger organisations.",
      features: [
        "24/7 chart completion",
        "Full compliance suite",
        "Custom EHR integration",
        "Dedicated account manager",
        "Quarterly executive reviews",
      ],
      cta: { label: "Contact Sales", href: "#demo" },
    },
  ],
};

export const chartAssistBenefits: SectionCopy & { groups: (Feature & { points: string[] })[] } = {
  eyebrow: "Benefits",
  title: "Benefits for Everyone in Your Facility",
  intro:
    "Complete charts help the whole building: the people giving care, the people receiving it and the people leading it.",
  groups: [
    {
      icon: HeartPulse,
      title: "For Nurses",
      body: "Less time at the keyboard, more time with residents.",
      points: [
        "500+ clinical hours reclaimed per nurse per year",
        "No more charting after a long shift",
        "Less paperwork fatigue and burnout",
      ],
    },
    {
      icon: UserRoundCheck,
      title: "For Patients",
      body: "Care that follows an accurate, current plan.",
      points: [
        "More time with their nurses",
        "Care plans that are complete and up to date",
        "Issues flagged early",
      ],
    },
    {
      icon: LineChart,
      title: "For Leadership",
      body: "Confidence before every survey and audit.",
      points: [
        "A morning audit report every day",
        "Compliance gaps caught before surveyors find them",
        "Audit-ready documentation",
      ],
    },
  ],
};

export const chartAssistDashboard: SectionCopy & { items: Stat[]; caption: string } = {
  eyebrow: "Live Dashboard",
  title: "Your Compliance, at a Glance",
  intro: "The ChartAssist dashboard shows the work completed for your facility, updated as our nurses chart.",
  caption: "Sample dashboard",
  items: [
    { value: 4812, label: "Charts Reviewed", animate: true },
    { value: 572, label: "Care Plans Completed", animate: true },
    { value: 98.7, decimals: 1, suffix: "%", label: "Audit-Ready", animate: true },
    { value: 217, label: "Issues Flagged", animate: true },
  ],
};

export const chartAssistTestimonials: SectionCopy & { items: Testimonial[] } = {
  eyebrow: "Testimonials",
  title: "What Directors of Nursing Say",
  items: [
    {
      name: "Angela P.",
      title: "Director of Nursing, Skilled Nursing Facility",
      quote:
        "Our nurses leave on time now. Charts are done overnight and the morning report tells me exactly what needs attention.",
      image: {
        src: "/images/portraits/testimonial-angela.svg",
        alt: "Illustrated portrait of Angela P.",
        width: 96,
        height: 96,
      },
    },
    {
      name: "Robert M.",
      title: "Administrator, Long-Term Care",
      quote:
        "Survey preparation used to take over our weeks. With ChartAssist our documentation is audit-ready every day.",
      image: {
        src: "/images/portraits/testimonial-robert.svg",
        alt: "Illustrated portrait of Robert M.",
        width: 96,
        height: 96,
      },
    },
    {
      name: "Keisha W.",
      title: "MDS Coordinator",
      quote:
        "Care plans for admissions and quarterlies are complete when I need them. The compliance checks catch what we used to miss.",
      image: {
        src: "/images/portraits/testimonial-keisha.svg",
        alt: "Illustrated portrait of Keisha W.",
        width: 96,
        height: 96,
      },
    },
  ],
};

export const chartAssistDemo: FormSectionCopy = {
  eyebrow: "Request a Demo",
  title: "See ChartAssist With Your Own Charts",
  intro:
    "Tell us about your facility and we'll schedule a short walkthrough and set up your free one-week trial. No credit card required.",
  nextSteps: {
    title: "What happens next",
    items: [
      "We contact you to schedule your demo.",
      "We review your EHR and documentation workflow.",
      "Your free one-week trial begins, with morning audit reports from the first night.",
    ],
  },
};
