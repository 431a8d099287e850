import {
  CalendarCheck,
  ClipboardCheck,
  ClipboardList,
  FileSearch,
  FileText,
  ListChecks,
  ScanSearch,
  ShieldCheck,
  Stethoscope,
  UserCheck,
} from "lucide-react";
import { ROUTES } from "../../config/route-paths.ts";
import type { Cta, Feature, HeroCopy, SectionCopy, Stat } from "./types";

export const chartAssistInfoMeta = {
  title: "How ChartAssist Works: Remote Charting, Quality Control and Results",
  description:
    "How ChartAssist's remote RNs take on charting, how every chart is quality-checked, and the results: 500+ hours reclaimed per nurse per year.",
};

export const chartAssistInfoHero: HeroCopy = {
  eyebrow: "ChartAssist in Detail",
  title: "Clinical Documentation, Done Overnight",
  intro:
    "A closer look at how ChartAssist's remote RNs take charting, care plans and compliance checks off your floor, and what changes for your facility when they do.",
  actions: [
    { label: "Request Demo", href: `${ROUTES.chartAssist}#demo` },
    { label: "See Pricing", href: `${ROUTES.chartAssist}#pricing` },
  ],
};

export const problem: SectionCopy & { points: string[]; stat: Stat } = {
  eyebrow: "The Problem",
  title: "Documentation Is Taking Nurses Away From Patients",
  intro:
    "Every admission, assessment and change in condition needs to be charted, and the requirements keep growing. The work falls on the nurses already stretched across the floor.",
  stat: { value: 2, suffix: "+", label: "hours per shift spent on documentation", animate: false },
  points: [
    "Charting is pushed to the end of the shift, or past it.",
    "Care plans fall behind for new admissions and quarterly reviews.",
    "Gaps are discovered during audits and surveys, when they are hardest to fix.",
  ],
};

export const solution: SectionCopy & { points: string[] } = {
  eyebrow: "The Solution",
  title: "A Remote Clinical Team That Charts While You Rest",
  intro:
    "ChartAssist pairs your facility with remote U.S.-licensed, HIPAA-certified RNs who work in your EHR overnight. They complete the documentation, check it, and report back before the morning shift.",
  points: [
    "Nightly charting completed by licensed nurses, not software alone.",
    "Your policies and EHR workflows, followed to the letter.",
    "A morning audit report waiting for your leadership team.",
  ],
};

export const handled: SectionCopy & { items: Feature[] } = {
  eyebrow: "What Is Handled",
  title: "What Our Nurses Handle",
  items: [
    {
      icon: FileText,
      title: "Nightly Charting",
      body: "Daily documentation completed and reconciled every night.",
    },
    {
      icon: ClipboardList,
      title: "Care Plans",
      body: "Care plans written and updated for admissions and quarterly reviews.",
    },
    {
      icon: CalendarCheck,
      title: "Assessments",
      body: "Support for scheduled assessments so nothing is late or incomplete.",
    },
    {
      icon: ShieldCheck,
      title: "Compliance Checks",
      body: "Each chart reviewed against regulatory and facility requirements.",
    },
    {
      icon: FileSearch,
      title: "Audit Preparation",
      body: "Documentation organised and ready for audits and surveys.",
    },
    {
      icon: ListChecks,
      title: "Morning Audit Reports",
      body: "A clear summary of what was completed and what needs attention.",
    },
  ],
};

export const qualityControl: SectionCopy & { items: Feature[] } = {
  eyebrow: "Quality Control",
  title: "Every Chart, Checked",
  intro: "Quality is built into each night's work, not added at the end.",
  items: [
    {
      icon: UserCheck,
      title: "Licensed Reviewers",
      body: "U.S.-licensed, HIPAA-certified RNs complete and review the work.",
    },
    {
      icon: ScanSearch,
      title: "Compliance Review",
      body: "Charts are checked for missing entries, signatures and care plan updates.",
    },
    {
      icon: Stethoscope,
      title: "Clinical Escalation",
      body: "Issues that need your team are flagged clearly in the morning report.",
    },
    {
      icon: ClipboardCheck,
      title: "Audit Trail",
      body: "A record of what was completed and checked, ready when surveyors ask.",
    },
  ],
};

export const results: SectionCopy & { stats: Stat[]; points: string[] } = {
  eyebrow: "Results",
  title: "Results Facilities Can See",
  intro:
    "Facilities using ChartAssist start each day with complete charts and a clear picture of compliance.",
  stats: [
    { value: 500, suffix: "+", label: "clinical hours reclaimed per nurse per year", animate: false },
    { value: 40, suffix: "+", label: "facilities served", animate: false },
  ],
  points: [
    "A morning audit report on every leader's desk before the first shift.",
    "Care plans complete for admissions and quarterlies.",
    "Documentation that is ready for audits and surveys.",
  ],
};

export const chartAssistInfoCta: SectionCopy & { actions: Cta[] } = {
  title: "Ready to Give Your Nurses Their Time Back?",
  intro: "Start with a free one-week trial. No credit card required.",
  actions: [
    { label: "Request Demo", href: `${ROUTES.chartAssist}#demo` },
    { label: "See Pricing", href: `${ROUTES.chartAssist}#pricing` },
  ],
};
