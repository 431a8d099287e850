import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/chart-assist-info";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "ChartAssist details", description: "ChartAssist details.", path: "/chart-assist-info" });

export default function Page() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-16">
      <h1 className="text-4xl font-bold">ChartAssist</h1>
    </div>
  );
}
