import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/chart-assist";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "ChartAssist", description: "ChartAssist.", path: "/chart-assist" });

export default function Page() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-16">
      <h1 className="text-4xl font-bold">Empower Your Nurses. Protect Your Patients.</h1>
    </div>
  );
}
