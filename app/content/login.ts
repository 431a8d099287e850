import { ROUTES, STAFF_PATH } from "../../config/route-paths.ts";
import { type ServiceId, site } from "./site";
import type { Cta } from "./types";

export const loginMeta = {
  title: "Client Log In",
  description:
    "Log in to ChartAssist, or reach your CareStaff or CareWorks account team. Find the right place for your account.",
};

export const loginHero = {
  eyebrow: "Client Log In",
  title: "Client Log In",
  intro:
    "Choose your service. ChartAssist has its own application; CareStaff and CareWorks clients work directly with their account team.",
};

export interface LoginDestination {
  service: ServiceId;
  name: string;
  audience: string;
  body: string;
  cta: Cta;
  /** Shows the company's phone and e-mail for clients whose account is run by a team. */
  showContact: boolean;
}

export const destinations: LoginDestination[] = [
  {
    service: "chartassist",
    name: "ChartAssist",
    audience: "ChartAssist clients",
    body: "Reports, audit results and your dashboard live in the ChartAssist application.",
    cta: { label: "Open ChartAssist", href: site.links.chartAssistApp, external: true },
    showContact: false,
  },
  {
    service: "carestaff",
    name: "CareStaff",
    audience: "CareStaff clients",
    body: "Your account team handles shift requests, schedules and timesheets. Call, e-mail or send a request.",
    cta: { label: "Contact the CareStaff team", href: `${ROUTES.careStaff}#contact` },
    showContact: true,
  },
  {
    service: "careworks",
    name: "CareWorks",
    audience: "CareWorks clients",
    body: "Your account team manages your remote staff, reporting and requests. Call, e-mail or send a message.",
    cta: { label: "Contact the CareWorks team", href: `${ROUTES.careWorks}#contact` },
    showContact: true,
  },
];

export const loginHelp = {
  title: "Not a client yet?",
  body: "Explore our services or contact us and we'll point you to the right team.",
  cta: { label: "About our services", href: ROUTES.about },
};

/** For the company's own people: a quiet way into the staff inbox. */
export const staffSignIn = { label: "Staff sign-in", href: `${STAFF_PATH}/sign-in` };
