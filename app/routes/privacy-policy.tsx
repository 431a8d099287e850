import { LegalDocument } from "~/components/sections/legal-document";
import { privacyPolicy } from "~/content/legal";
import { site } from "~/content/site";
import { accentClass } from "~/lib/accent";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/privacy-policy";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: `${privacyPolicy.title} | ${site.company.name}`,
    description: privacyPolicy.description,
    path: privacyPolicy.path,
  });

export default function PrivacyPolicy() {
  return (
    <div className={accentClass.company}>
      <LegalDocument doc={privacyPolicy} />
    </div>
  );
}
