import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/health-admin";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "CareWorks", description: "CareWorks.", path: "/health-admin" });

export default function Page() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-16">
      <h1 className="text-4xl font-bold">Your Back Office, Reimagined.</h1>
    </div>
  );
}
