import { useMemo } from "react";
import { Form, type LoaderFunctionArgs, useLoaderData, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { loadOrSignIn, staffApi } from "~/staff/lib/api";
import type { StaffHandle } from "~/staff/lib/hooks";
import { REPORT_WEEKS, type ReportsAnswer, reportsQuery } from "../../../staff/reports-api.ts";
import {
  byOpening,
  bySource,
  daysToVerified,
  firstResponse,
  leadsPerWeek,
  pipeline,
  promiseKept,
} from "./report-data";
import { ReportFigure } from "./report-figure";
import {
  daysToVerifiedPlot,
  firstResponsePlot,
  leadsPerWeekPlot,
  openingPlot,
  pipelinePlot,
  promiseKeptPlot,
  sourcePlot,
} from "./report-plots";

/**
 * The reports: whether the forms' response promises were kept, week by week, and where leads came
 * from. Loaded only when opened (routes.tsx), so its chart library weighs on no other staff page.
 */

export const handle: StaffHandle = { title: "Reports" };

/** The range in the URL, checked with the contract before the API is asked; a bad one is shown at its field. */
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const asked = { from: params.get("from") || undefined, to: params.get("to") || undefined };
  const query = reportsQuery.safeParse(asked);
  if (!query.success) {
    const issue = query.error.issues[0];
    const field = String(issue?.path[0] ?? "to");
    return {
      asked,
      problem: { field, message: `${field} ${issue?.message}` },
      answer: null,
    };
  }
  const answer = await loadOrSignIn(request, () =>
    staffApi("reports", { query: query.data, signal: request.signal }),
  );
  return { asked, problem: null, answer };
}

function RangeForm({
  from,
  to,
  problem,
}: {
  from: string;
  to: string;
  problem: { field: string; message: string } | null;
}) {
  const busy = useNavigation().state === "loading";
  const errorOf = (field: string) =>
    problem?.field === field
      ? `${problem.message.charAt(0).toUpperCase()}${problem.message.slice(1)}.`
      : undefined;
  return (
    <Form
      method="get"
      aria-label="Date range"
      className="flex flex-col gap-3 rounded-xl border border-line bg-white p-4 shadow-sm sm:flex-row sm:items-start md:p-5"
    >
      <Field id="report-from" name="from" label="From" error={errorOf("from")} className="sm:w-48">
        <Input type="date" defaultValue={from} key={`from-${from}`} />
      </Field>
      <Field id="report-to" name="to" label="To" error={errorOf("to")} className="sm:w-48">
        <Input type="date" defaultValue={to} key={`to-${to}`} />
      </Field>
      <Button type="submit" variant="secondary" disabled={busy} className="w-full sm:mt-7 sm:w-auto">
        Show
      </Button>
    </Form>
  );
}

function Charts({ answer }: { answer: ReportsAnswer }) {
  const range = `${answer.from}-to-${answer.to}`;
  const figures = useMemo(() => {
    const campaigns = bySource(answer, "campaigns");
    const referrers = bySource(answer, "referrers");
    const steps = pipeline(answer);
    const openings = byOpening(answer);
    const verified = daysToVerified(answer);
    return [
      { table: leadsPerWeek(answer), draw: leadsPerWeekPlot(answer) },
      { table: promiseKept(answer), draw: promiseKeptPlot(answer) },
      { table: firstResponse(answer), draw: firstResponsePlot(answer) },
      { table: steps, draw: pipelinePlot(steps) },
      { table: campaigns, draw: sourcePlot(campaigns) },
      { table: referrers, draw: sourcePlot(referrers) },
      // Only for a role that sees applications.
      ...(openings ? [{ table: openings, draw: openingPlot(openings) }] : []),
      ...(verified ? [{ table: verified, draw: daysToVerifiedPlot(answer) }] : []),
    ];
  }, [answer]);
  return (
    <div className="grid items-start gap-4 xl:grid-cols-2">
      {figures.map((figure) => (
        <ReportFigure key={figure.table.id} table={figure.table} draw={figure.draw} range={range} />
      ))}
    </div>
  );
}

/** Every role sees its own forms' numbers: the server leaves the others out. */
export default function ReportsPage() {
  const { asked, problem, answer } = useLoaderData<typeof loader>();
  return (
    <div className="flex flex-col gap-4 p-4 md:p-6">
      <div>
        <h1 className="text-xl font-semibold text-ink">Reports</h1>
        <p className="text-sm text-ink-soft">
          Leads by the week they arrived (weeks start on Monday in the business time zone), whether they were
          answered within their form&apos;s promise, and where they came from. Without dates: the last{" "}
          {REPORT_WEEKS} weeks.
        </p>
      </div>
      <RangeForm
        from={answer?.from ?? asked.from ?? ""}
        to={answer?.to ?? asked.to ?? ""}
        problem={problem}
      />
      {answer && <Charts answer={answer} />}
    </div>
  );
}
