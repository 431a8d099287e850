import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/team";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Meet Our Team", description: "Meet Our Team.", path: "/team" });

export default function Page() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-16">
      <h1 className="text-4xl font-bold">Meet Our Team</h1>
    </div>
  );
}
