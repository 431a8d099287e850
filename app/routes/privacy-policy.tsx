import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/privacy-policy";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Privacy Policy", description: "Privacy Policy.", path: "/privacy-policy" });

export default function Page() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-16">
      <h1 className="text-4xl font-bold">Privacy Policy</h1>
    </div>
  );
}
