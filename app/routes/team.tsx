import { ArrowRight } from "lucide-react";
import { ContactDetails } from "~/components/sections/contact-details";
import { PageHero } from "~/components/sections/page-hero";
import { cardClass, Section } from "~/components/sections/section";
import { site } from "~/content/site";
import { members, type TeamMember, teamContact, teamHero, teamMeta } from "~/content/team";
import { accentClass } from "~/lib/accent";
import { cn } from "~/lib/cn";
import { pageMeta } from "~/lib/meta";
import { ROUTES } from "../../config/route-paths.ts";
import type { Route } from "./+types/team";

export const meta: Route.MetaFunction = () => pageMeta({ ...teamMeta, path: ROUTES.team });

const serviceContacts = [
  { label: "Request a ChartAssist demo", href: `${ROUTES.chartAssist}#demo` },
  { label: "Request CareStaff nurses", href: `${ROUTES.careStaff}#contact` },
  { label: "Build a CareWorks remote team", href: `${ROUTES.careWorks}#contact` },
  { label: "Apply for a nursing job", href: `${ROUTES.careers}#application-form` },
];

/** Team: five leaders, the CEO's portrait linking to a professional profile, and the contact section. */
export default function Team() {
  return (
    <div className={accentClass.company}>
      <PageHero copy={teamHero} />

      <Section copy={{ title: "Leadership" }}>
        <ul className="flex flex-wrap justify-center gap-6">
          {members.map((member) => (
            <MemberCard key={member.role} member={member} />
          ))}
        </ul>
      </Section>

      <Section id="contact" tone="surface" copy={teamContact}>
        <div className="grid gap-8 md:grid-cols-2">
          <div className={cn(cardClass, "p-6 md:p-8")}>
            <h3 className="text-lg font-semibold text-navy-900">{site.company.name}</h3>
            <ContactDetails className="mt-4" />
          </div>
          <div className={cn(cardClass, "p-6 md:p-8")}>
            <h3 className="text-lg font-semibold text-navy-900">{teamContact.formsTitle}</h3>
            <ul className="mt-4 space-y-1">
              {serviceContacts.map((link) => (
                <li key={link.href}>
                  <a
                    href={link.href}
                    className="inline-flex min-h-11 items-center gap-2 font-medium text-navy-800 underline underline-offset-4 hover:text-navy-900"
                  >
                    {link.label}
                    <ArrowRight aria-hidden className="size-4" />
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </Section>
    </div>
  );
}

function MemberCard({ member }: { member: TeamMember }) {
  const portrait = (
    <img
      src={member.portrait.src}
      alt={member.linksToProfile ? "" : member.portrait.alt}
      width={member.portrait.width}
      height={member.portrait.height}
      loading="lazy"
      decoding="async"
      className="size-32 rounded-full bg-navy-50"
    />
  );
  return (
    <li
      className={cn(
        cardClass,
        "flex w-full flex-col items-center p-8 text-center sm:w-[calc(50%-0.75rem)] lg:w-[calc((100%-3rem)/3)]",
      )}
    >
      {member.linksToProfile ? (
        <a
          href={site.links.teamProfile}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`${member.name}'s professional profile (opens in a new tab)`}
          className="rounded-full transition-shadow hover:ring-4 hover:ring-navy-100"
        >
          {portrait}
        </a>
      ) : (
        portrait
      )}
      <h3 className="mt-5 text-xl font-semibold text-navy-900">{member.name}</h3>
      <p className="mt-1 font-medium text-navy-700">{member.role}</p>
      <p className="mt-3 text-ink-soft">{member.bio}</p>
    </li>
  );
}
