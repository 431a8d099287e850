import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Client Log In", description: "Client Log In.", path: "/login" });

export default function Page() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-16">
      <h1 className="text-4xl font-bold">Client Log In</h1>
    </div>
  );
}
