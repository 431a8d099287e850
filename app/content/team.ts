import type { HeroCopy, Image, SectionCopy } from "./types";

export const teamMeta = {
  title: "Meet Our Team: Healthcare Leadership",
  description:
    "Meet the leadership behind ChartAssist, CareStaff and CareWorks: our CEO, Clinical Director, People & Finance, Team Lead and Recruitment.",
};

export const teamHero: HeroCopy = {
  eyebrow: "Our Team",
  title: "Meet Our Team",
  intro: "Clinicians, operators and recruiters who understand healthcare facilities from the inside.",
  actions: [{ label: "Contact Us", href: "#contact" }],
};

export interface TeamMember {
  /** Fictional placeholder names until the operator supplies real, consented profiles. */
  name: string;
  role: string;
  bio: string;
  portrait: Image;
  /** The one member whose portrait links to a professional profile (site.links.teamProfile). */
  linksToProfile?: boolean;
}

const portrait = (file: string, name: string): Image => ({
  src: `/images/portraits/${file}.svg`,
  alt: `Illustrated portrait of ${name}`,
  width: 160,
  height: 160,
});

export const members: TeamMember[] = [
  {
    name: "Jordan Avery",
    role: "Chief Executive Officer",
    bio: "Brings 15+ years of healthcare management to leading the group and its three services.",
    portrait: portrait("team-ceo", "Jordan Avery"),
    linksToProfile: true,
  },
  {
    name: "Renee Caldwell, RN",
    role: "Clinical Director",
    bio: "Sets clinical standards for ChartAssist and CareStaff and oversees documentation quality.",
    portrait: portrait("team-clinical", "Renee Caldwell"),
  },
  {
    name: "Samuel Okafor",
    role: "Director of People & Finance Operations",
    bio: "Runs payroll, finance and people operations for our nurses and remote teams.",
    portrait: portrait("team-people", "Samuel Okafor"),
  },
  {
    name: "Mei Lin Torres",
    role: "Team Lead",
    bio: "Leads day-to-day delivery for client teams and keeps communication clear and timely.",
    portrait: portrait("team-lead", "Mei Lin Torres"),
  },
  {
    name: "Daniel Brooks",
    role: "Director of Recruitment",
    bio: "Finds, vets and supports the nurses who join CareStaff.",
    portrait: portrait("team-recruitment", "Daniel Brooks"),
  },
];

export const teamContact: SectionCopy & { formsTitle: string } = {
  eyebrow: "Contact",
  title: "Contact Us",
  intro:
    "Questions about our services or our team? Reach us directly, or go straight to the service you need.",
  formsTitle: "Looking for a specific service?",
};
