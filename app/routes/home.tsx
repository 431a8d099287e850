import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: "Healthcare Solutions You Can Trust", description: "Healthcare Solutions You Can Trust.", path: "/" });

export default function Page() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-16">
      <h1 className="text-4xl font-bold">Healthcare Solutions You Can Trust</h1>
    </div>
  );
}
