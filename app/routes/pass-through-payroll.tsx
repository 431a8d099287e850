import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/pass-through-payroll";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Pass-Through Payroll", description: "Pass-Through Payroll.", path: "/carestaff/pass-through-payroll" });

export default function Page() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-16">
      <h1 className="text-4xl font-bold">Pass-Through Payroll</h1>
    </div>
  );
}
