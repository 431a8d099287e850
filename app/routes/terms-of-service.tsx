import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/terms-of-service";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Terms of Service", description: "Terms of Service.", path: "/terms-of-service" });

export default function Page() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-16">
      <h1 className="text-4xl font-bold">Terms of Service</h1>
    </div>
  );
}
