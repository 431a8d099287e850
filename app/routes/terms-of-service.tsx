import { LegalDocument } from "~/components/sections/legal-document";
import { termsOfService } from "~/content/legal";
import { site } from "~/content/site";
import { accentClass } from "~/lib/accent";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/terms-of-service";

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: `${termsOfService.title} | ${site.company.name}`,
    description: termsOfService.description,
    path: termsOfService.path,
  });

export default function TermsOfService() {
  return (
    <div className={accentClass.company}>
      <LegalDocument doc={termsOfService} />
    </div>
  );
}
