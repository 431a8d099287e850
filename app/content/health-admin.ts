import {
  Award,
  BadgeCheck,
  BadgeDollarSign,
  Brain,
  Building,
  Clock,
  FileCheck2,
  FileInput,
  FileX2,
  GraduationCap,
  Hospital,
  House,
  Languages,
  PhoneCall,
  Receipt,
  SearchCheck,
  ShieldCheck,
  Stethoscope,
  UserPlus,
  Users,
} from "lucide-react";
import type { Feature, FormSectionCopy, HeroCopy, SectionCopy, Stat, Step, Testimonial } from "./types";

export const careWorksMeta = {
  title: "CareWorks Support: Your Remote Healthcare Back-Office Team",
  description:
    "Trained remote staff for claims, prior authorizations, denials, credentialing and EMR data entry, at an average of $10–$15/hour, 24/7.",
};

export const careWorksHero: HeroCopy & { highlights: string[] } = {
  eyebrow: "CareWorks Support – Remote Team",
  title: "Your Back Office, Reimagined.",
  intro:
    "A trained remote team for billing, coding, prior authorizations, insurance calls, claims, credentialing and EMR data entry, so your in-house staff can focus on patients.",
  actions: [
    { label: "Start Hiring", href: "#contact" },
    { label: "How It Works", href: "#services" },
  ],
  highlights: ["Average $10–$15/hour", "Available 24/7", "50%+ cost savings"],
};

export const whoWeHelp: SectionCopy & { items: Feature[] } = {
  eyebrow: "Who We Help",
  title: "Who We Help",
  intro: "Our remote teams support organisations across outpatient, post-acute and revenue-cycle work.",
  items: [
    { icon: Brain, title: "ABA Clinics", body: "Authorizations, session billing and payer follow-up." },
    {
      icon: House,
      title: "Home Health Agencies",
      body: "Intake, eligibility checks and visit documentation.",
    },
    {
      icon: Receipt,
      title: "Medical Billing Companies",
      body: "Extra hands for claims, posting and denials.",
    },
    { icon: Hospital, title: "SNFs", body: "Admissions paperwork, insurance verification and claims." },
    {
      icon: Stethoscope,
      title: "Physician Groups",
      body: "Front- and back-office support for busy practices.",
    },
  ],
};

export const topServices: SectionCopy & { items: Feature[] } = {
  eyebrow: "Top Services",
  title: "Top Services",
  intro: "Choose one service or combine several. Your remote team is trained on your processes and payers.",
  items: [
    {
      icon: FileInput,
      title: "Claims Submission",
      body: "Clean claims prepared and submitted on time, every time.",
    },
    {
      icon: FileCheck2,
      title: "Prior Authorization",
      body: "Requests submitted, tracked and followed up until a decision arrives.",
    },
    {
      icon: FileX2,
      title: "Denied Claims Management",
      body: "Denials worked, corrected and resubmitted or appealed.",
    },
    {
      icon: SearchCheck,
      title: "Insurance Verification",
      body: "Eligibility and benefits confirmed before the visit.",
    },
    {
      icon: BadgeCheck,
      title: "Credentialing Support",
      body: "Applications, re-credentialing and payer enrollment kept on track.",
    },
    {
      icon: Users,
      title: "EMR Data Entry",
      body: "Demographics, charges and records entered accurately in your EMR.",
    },
  ],
};

export const careWorksProcess: SectionCopy & { items: Step[] } = {
  eyebrow: "Our Process",
  title: "Up and Running in 3 Steps",
  items: [
    {
      icon: PhoneCall,
      title: "Discovery Call",
      body: "We learn your workflows, systems and the tasks you want to hand off.",
    },
    {
      icon: UserPlus,
      title: "Staff Match and Onboard",
      body: "We match trained staff to your needs and onboard them to your processes.",
    },
    {
      icon: ShieldCheck,
      title: "Ongoing Oversight and QA",
      body: "Supervisors review the work and keep quality consistent as you grow.",
    },
  ],
};

export const careWorksBenefits: SectionCopy & { items: Feature[] } = {
  eyebrow: "Benefits",
  title: "Why Teams Choose CareWorks",
  items: [
    {
      icon: BadgeDollarSign,
      title: "50%+ Cost Savings",
      body: "Lower staffing costs than equivalent in-house hires.",
    },
    {
      icon: GraduationCap,
      title: "U.S. Process Training",
      body: "Staff trained on U.S. payers, billing rules and healthcare workflows.",
    },
    {
      icon: Languages,
      title: "Fluent English",
      body: "Clear, professional communication with payers and patients.",
    },
    {
      icon: Clock,
      title: "Aligned Time Zones",
      body: "Your team works your hours, in step with your office.",
    },
    {
      icon: Award,
      title: "Average $10–$15/hour",
      body: "Predictable pricing for trained administrative staff.",
    },
    {
      icon: Building,
      title: "24/7 Availability",
      body: "Coverage around the clock when your workload needs it.",
    },
  ],
};

export const careWorksMetrics: SectionCopy & { items: Stat[] } = {
  eyebrow: "By the Numbers",
  title: "Results That Add Up",
  items: [
    { value: 1270, label: "Claims Processed", animate: true },
    { value: 98, suffix: "%", label: "Accuracy", animate: true },
    { value: 385, label: "Denials Resolved", animate: true },
    { value: 4.2, decimals: 1, prefix: "$", suffix: "M", label: "Revenue Recovered", animate: true },
  ],
};

export const careWorksTestimonials: SectionCopy & { items: Testimonial[] } = {
  eyebrow: "Testimonials",
  title: "What Our Clients Say",
  items: [
    {
      name: "Samantha L.",
      title: "Clinic Director, ABA Clinic",
      quote:
        "Our authorizations are tracked and renewed on time. The CareWorks team feels like part of our office.",
      image: {
        src: "/images/portraits/testimonial-samantha.svg",
        alt: "Illustrated portrait of Samantha L.",
        width: 96,
        height: 96,
      },
    },
    {
      name: "Marcus J.",
      title: "Owner, Medical Billing Company",
      quote:
        "We took on new clients without hiring locally. Claims go out clean and denials are worked the same week.",
      image: {
        src: "/images/portraits/testimonial-marcus.svg",
        alt: "Illustrated portrait of Marcus J.",
        width: 96,
        height: 96,
      },
    },
    {
      name: "Priya S.",
      title: "Administrator, Home Health Agency",
      quote:
        "Insurance verification and EMR entry are handled before our clinicians arrive. Communication is clear and timely.",
      image: {
        src: "/images/portraits/testimonial-priya.svg",
        alt: "Illustrated portrait of Priya S.",
        width: 96,
        height: 96,
      },
    },
  ],
};

export const careWorksContact: FormSectionCopy = {
  eyebrow: "Get Started",
  title: "Build Your Remote Team",
  intro:
    "Tell us which tasks you want to hand off. We'll schedule a discovery call and suggest the right team.",
  nextSteps: {
    title: "What happens next",
    items: [
      "We contact you to schedule a discovery call.",
      "We match trained staff to your workflows.",
      "Your team is onboarded with ongoing oversight and QA.",
    ],
  },
};
