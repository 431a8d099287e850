import { z } from "zod";

/**
 * Company facts the spec leaves out. Every default is a fictional placeholder
 * (example.com mailboxes, a 555-01xx phone number) for the operator to replace
 * through the environment at build time; the server reads the same variables at start-up.
 */
export const siteEnvSchema = z.object({
  /** The public origin: canonical URLs, the sitemap, cookies, CORS; only http: or https: can be one. */
  SITE_URL: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL, e.g. https://www.example.org" })
    .default("http://localhost:3000"),
  COMPANY_NAME: z.string().min(1).default("Northwind Health Group"),
  COMPANY_ADDRESS: z.string().min(1).default("100 Example Avenue, Suite 200, Albany, NY 12207"),
  COMPANY_PHONE: z.string().min(7).default("(555) 010-0142"),
  CONTACT_EMAIL: z
    .email({ error: "must be one e-mail address, e.g. contact@example.org" })
    .default("contact@example.com"),
  RECRUITING_EMAIL: z
    .email({ error: "must be one e-mail address, e.g. careers@example.org" })
    .default("careers@example.com"),
  COMPANY_NPI: z
    .string()
    .regex(/^\d{10}$/, "must be a 10-digit NPI number")
    .default("0000000000"),
  CHARTASSIST_APP_URL: z.url().default("https://app.chartassist.example.com/"),
  TEAM_PROFILE_URL: z.url().default("https://www.example.com/profile/ceo"),
  /** Where the browser sends leads: empty means our own API; a template with {to} posts straight to a form service. */
  LEAD_ENDPOINT_TEMPLATE: z.string().default(""),
});

export type SiteEnv = z.infer<typeof siteEnvSchema>;

export interface SiteConfig {
  url: string;
  company: {
    name: string;
    address: string;
    phone: string;
    /** The phone number as a tel: URI. */
    phoneHref: string;
    npi: string;
  };
  email: { contact: string; recruiting: string };
  links: { chartAssistApp: string; teamProfile: string };
  leadEndpointTemplate: string;
}

export function readSiteConfig(env: Record<string, string | undefined>): SiteConfig {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ""),
  );
  const parsed = siteEnvSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join(".")}: ${issue.message}`)
      .join("; ");
    throw new Error(`Invalid site configuration: ${problems}`);
  }
  const e = parsed.data;
  return {
    // As the URL parser writes it (scheme and host in lower case), so "HTTPS://" reads as https everywhere.
    url: new URL(e.SITE_URL).href.replace(/\/+$/, ""),
    company: {
      name: e.COMPANY_NAME,
      address: e.COMPANY_ADDRESS,
      phone: e.COMPANY_PHONE,
      phoneHref: `tel:+1${e.COMPANY_PHONE.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "")}`,
      npi: e.COMPANY_NPI,
    },
    email: { contact: e.CONTACT_EMAIL, recruiting: e.RECRUITING_EMAIL },
    links: { chartAssistApp: e.CHARTASSIST_APP_URL, teamProfile: e.TEAM_PROFILE_URL },
    leadEndpointTemplate: e.LEAD_ENDPOINT_TEMPLATE,
  };
}
