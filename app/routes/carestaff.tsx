import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/carestaff";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "CareStaff", description: "CareStaff.", path: "/carestaff" });

export default function Page() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-16">
      <h1 className="text-4xl font-bold">CareStaff</h1>
    </div>
  );
}
