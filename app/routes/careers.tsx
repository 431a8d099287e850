import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/careers";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Careers", description: "Careers.", path: "/carestaff/careers" });

export default function Page() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-16">
      <h1 className="text-4xl font-bold">Join Our Nursing Team</h1>
    </div>
  );
}
