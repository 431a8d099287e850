import { HeartHandshake, ShieldCheck, Sparkles } from "lucide-react";
import { ROUTES } from "../../config/route-paths.ts";
import { companyFacts } from "./site";
import type { Cta, Feature, HeroCopy, SectionCopy } from "./types";

export const aboutMeta = {
  title: "About Us: One Group, Three Specialized Healthcare Services",
  description: `Founded in ${companyFacts.foundingYear}, we bring together ChartAssist clinical compliance, CareStaff nurse staffing and CareWorks remote support for healthcare facilities.`,
};

export const aboutHero: Omit<HeroCopy, "actions"> = {
  eyebrow: "About Us",
  title: "One Group. Three Specialized Services.",
  intro:
    "We help healthcare facilities with the work around patient care: clinical documentation, nurse staffing and administrative support, each from a dedicated team.",
};

export const ourStory: SectionCopy & {
  paragraphs: string[];
  founded: { label: string; year: string };
  servicesLabel: string;
} = {
  title: "Our Story",
  founded: { label: "Founded", year: companyFacts.foundingYear },
  servicesLabel: "Our services",
  paragraphs: [
    `We were founded in ${companyFacts.foundingYear} by people who had worked inside healthcare facilities and seen the same problem again and again: skilled nurses and staff buried in documentation, short-staffed shifts and administrative backlogs.`,
    "We started by supporting facilities with the nurses they needed, and grew into three specialized services that share one purpose: giving care teams time and confidence to focus on patients.",
    "Today ChartAssist, CareStaff and CareWorks each have their own specialists, and work together whenever a facility needs more than one kind of help.",
  ],
};

export const whatWeDo: SectionCopy = {
  title: "What We Do",
  intro: "Three services, each built around a different part of running a healthcare facility.",
};

export const values: SectionCopy & { items: Feature[] } = {
  title: "How We Work",
  items: [
    {
      icon: ShieldCheck,
      title: "Compliance first",
      body: "Privacy, security and regulatory requirements guide every process.",
    },
    {
      icon: HeartHandshake,
      title: "People who care",
      body: "Licensed clinicians and trained staff who treat your facility as their own.",
    },
    {
      icon: Sparkles,
      title: "Clear communication",
      body: "Straight answers, quick replies and reporting you can act on.",
    },
  ],
};

export const meetTheTeam: SectionCopy & { cta: Cta } = {
  title: "The People Behind the Work",
  intro: "Clinical, operational and recruiting leaders who have worked in healthcare.",
  cta: { label: "Meet Our Team", href: ROUTES.team },
};
