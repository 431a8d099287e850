import type { LucideIcon } from "lucide-react";

/** A call to action: a route, an in-page anchor ("#demo") or, with `external`, another site in a new tab. */
export interface Cta {
  label: string;
  href: string;
  external?: boolean;
  /** Extra words for assistive technology when the visible label alone is ambiguous. */
  srSuffix?: string;
}

export interface SectionCopy {
  eyebrow?: string;
  title: string;
  intro?: string;
}

export interface Feature {
  icon: LucideIcon;
  title: string;
  body: string;
}

export interface Step {
  icon: LucideIcon;
  title: string;
  body: string;
}

/** A figure; `animate` counts it up from 0 when first seen, otherwise it is shown as is. */
export interface Stat {
  value: number;
  decimals?: number;
  prefix?: string;
  suffix?: string;
  label: string;
  animate: boolean;
}

export interface Image {
  src: string;
  alt: string;
  width: number;
  height: number;
}

export interface Testimonial {
  /** Fictional placeholder names until real, consented quotes replace them. */
  name: string;
  title: string;
  quote: string;
  /** Illustrated portrait (ChartAssist and CareWorks carousels); the home carousel shows initials. */
  image?: Image;
}

export interface PricingPlan {
  name: string;
  price: string;
  cadence?: string;
  summary: string;
  features: string[];
  cta: Cta;
  featured?: boolean;
}

export interface HeroCopy {
  eyebrow: string;
  title: string;
  intro: string;
  actions: Cta[];
}

/** A side panel list: "what happens next" beside a form. */
export interface NextSteps {
  title: string;
  items: string[];
}

export interface FormSectionCopy extends SectionCopy {
  nextSteps: NextSteps;
}
