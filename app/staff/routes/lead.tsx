import { ArrowLeft, Download, FileText } from "lucide-react";
import { useEffect, useId, useLayoutEffect, useRef } from "react";
import {
  type ActionFunctionArgs,
  data,
  Link,
  type LoaderFunctionArgs,
  redirect,
  useFetcher,
  useLoaderData,
  useLocation,
  useNavigate,
  useRouteError,
} from "react-router";
import { toast } from "sonner";
import { Button, buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { STAFF_PATH } from "~/route-paths";
import { StaffSelect, StaffTextarea, staffLabelClass } from "~/staff/components/controls";
import { StaffRouteError } from "~/staff/components/route-error";
import { StatusPill } from "~/staff/components/status-pill";
import { loadOrSignIn, StaffApiError, signInPath, staffApi } from "~/staff/lib/api";
import type { StaffHandle } from "~/staff/lib/hooks";
import { DELIVERY_LABELS, formatBytes, formatDateTime, siteName } from "~/staff/lib/model";
import type { DeliveryState, HistoryEntry, LeadDetail, LeadPage, Person } from "~/staff/lib/types";
import type { SourceField } from "../../../leads/source.ts";
import { SOURCE_LABELS } from "../../../leads/source-labels.ts";

export const NOTE_MAX = 5000;

export const handle: StaffHandle = { title: ({ id }) => `Lead ${id}` };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const [page, { people }] = await loadOrSignIn(request, () =>
    Promise.all([
      staffApi<LeadPage>(`/leads/${encodeURIComponent(params.id ?? "")}`, { signal: request.signal }),
      staffApi<{ people: Person[] }>("/people", { signal: request.signal }),
    ]),
  );
  return { ...page, people };
}

export type LeadActionResult =
  | { ok: true; intent: "status"; message: string; previous: string; undone: boolean }
  | { ok: true; intent: "assignee" | "note"; message: string }
  | { ok: false; intent: string; message: string };

export async function action({ request, params }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = String(form.get("intent"));
  const id = encodeURIComponent(params.id ?? "");
  try {
    if (intent === "status") {
      const status = String(form.get("status"));
      await staffApi(`/leads/${id}`, { method: "PATCH", body: { status } });
      return {
        ok: true,
        intent,
        message: `Status set to ${status}.`,
        previous: String(form.get("previous")),
        undone: form.get("undo") === "1",
      } satisfies LeadActionResult;
    }
    if (intent === "assignee") {
      const assigneeId = String(form.get("assigneeId") ?? "") || null;
      const { lead } = await staffApi<{ lead: LeadDetail }>(`/leads/${id}`, {
        method: "PATCH",
        body: { assigneeId },
      });
      const message = lead.assignee ? `Assigned to ${lead.assignee.name}.` : "Nobody is assigned now.";
      return { ok: true, intent, message } satisfies LeadActionResult;
    }
    if (intent === "note") {
      await staffApi(`/leads/${id}/notes`, {
        method: "POST",
        body: { text: String(form.get("text") ?? "") },
      });
      return { ok: true, intent, message: "Note added." } satisfies LeadActionResult;
    }
    throw data("Unknown action", 400);
  } catch (error) {
    if (error instanceof StaffApiError && error.status === 401)
      throw redirect(signInPath(new URL(request.url)));
    if (error instanceof StaffApiError)
      return { ok: false, intent, message: error.message } satisfies LeadActionResult;
    throw error;
  }
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <StaffRouteError error={error} />;
}

/** The person's name as the form spelled it. */
function leadName(lead: LeadDetail): string {
  const field = (name: string) => lead.fields.find((f) => f.name === name)?.value ?? "";
  return (
    field("name") || [field("firstName"), field("lastName")].filter(Boolean).join(" ") || `Lead ${lead.id}`
  );
}

export default function LeadPageView() {
  const loaderData = useLoaderData<typeof loader>();
  const { lead, notes, history, people } = loaderData;
  const location = useLocation();
  const navigate = useNavigate();
  const back = (location.state as { back?: string } | null)?.back ?? STAFF_PATH;

  // Escape returns to the list it came from (filters kept), unless typing or in a menu. A layout effect, so
  // the key works from the first frame the lead is on screen: a passive effect can run after that paint.
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      if ((event.target as HTMLElement | null)?.closest("input, select, textarea, [role=dialog]")) return;
      navigate(back);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [back, navigate]);

  return (
    <article className="mx-auto flex max-w-6xl flex-col gap-6 p-4 md:p-6">
      <div>
        <Link
          to={back}
          className="inline-flex min-h-11 items-center gap-1.5 rounded-sm text-sm font-medium text-navy-800 underline-offset-4 hover:underline focus-visible:outline-3 focus-visible:outline-navy-700"
        >
          <ArrowLeft aria-hidden className="size-4" />
          Inbox
        </Link>
        <div className="mt-1 flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold text-ink">{leadName(lead)}</h1>
          <StatusPill status={lead.status} />
        </div>
        <p className="mt-1 text-sm text-ink-soft">
          {lead.formLabel} · received <time dateTime={lead.createdAt}>{formatDateTime(lead.createdAt)}</time>{" "}
          · lead {lead.id}
        </p>
      </div>

      <Panel title="Request">
        <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
          {lead.fields.map((field) => (
            <div key={field.name} className={cn(field.name === "message" && "sm:col-span-2")}>
              <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{field.label}</dt>
              <dd className="mt-0.5 break-words whitespace-pre-wrap text-ink">
                <FieldValue name={field.name} value={field.value} />
              </dd>
            </div>
          ))}
        </dl>
      </Panel>

      {lead.resume ? <ResumePanel lead={lead} resume={lead.resume} /> : null}

      <SourcePanel source={lead.source} />

      <div className="grid gap-6 lg:grid-cols-3">
        <Panel title="Status">
          <StatusControl lead={lead} />
        </Panel>
        <Panel title="Assignee">
          <AssigneeControl lead={lead} people={people} />
        </Panel>
        <Panel title="Notes">
          <NotesControl notes={notes} />
        </Panel>
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <Panel title="History" className="lg:col-span-2">
          <HistoryList history={history} />
        </Panel>
        <Panel title="Delivery">
          <Deliveries lead={lead} />
        </Panel>
      </div>
    </article>
  );
}

function Panel({
  title,
  className,
  children,
}: {
  title: string;
  className?: string;
  children: React.ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={cn("rounded-xl border border-line bg-white p-4 shadow-sm md:p-5", className)}
    >
      <h2 id={id} className="mb-3 text-base font-semibold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

function FieldValue({ name, value }: { name: string; value: string }) {
  const linkClass = "text-navy-800 underline underline-offset-4";
  if (!value) return <span className="text-muted">—</span>;
  if (name === "email")
    return (
      <a className={linkClass} href={`mailto:${value}`}>
        {value}
      </a>
    );
  if (name === "phone")
    return (
      <a className={linkClass} href={`tel:${value.replace(/[^\d+]/g, "")}`}>
        {value}
      </a>
    );
  return <>{value}</>;
}

/** Where the lead came from (issue 16); campaign and referrer link to the inbox filtered by them. */
function SourcePanel({ source }: { source: LeadDetail["source"] }) {
  const recorded = (Object.keys(SOURCE_LABELS) as SourceField[]).filter((field) => source[field]);
  const filterLink = (key: "campaign" | "referrer", value: string, text: string) => (
    <Link
      to={`${STAFF_PATH}?${new URLSearchParams({ [key]: value })}`}
      className="text-navy-800 underline underline-offset-4"
    >
      {text}
    </Link>
  );
  return (
    <Panel title="Source">
      {recorded.length === 0 ? (
        <p className="text-sm text-ink-soft">Nothing was recorded about where this lead came from.</p>
      ) : (
        <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-4">
          {recorded.map((field) => {
            const value = source[field] ?? "";
            return (
              <div key={field}>
                <dt className="text-xs font-semibold tracking-wide text-muted uppercase">
                  {SOURCE_LABELS[field]}
                </dt>
                <dd className="mt-0.5 break-words text-ink">
                  {field === "utm_campaign"
                    ? filterLink("campaign", value, value)
                    : field === "referrer"
                      ? filterLink("referrer", value, siteName(value))
                      : value}
                </dd>
              </div>
            );
          })}
        </dl>
      )}
    </Panel>
  );
}

function ResumePanel({ lead, resume }: { lead: LeadDetail; resume: NonNullable<LeadDetail["resume"]> }) {
  const url = `/api/staff/leads/${lead.id}/resume`;
  return (
    <Panel title="Resume">
      <div className="flex flex-wrap items-center gap-3">
        <FileText aria-hidden className="size-5 text-muted" />
        <span className="min-w-0 flex-1 truncate text-ink">
          {resume.filename} <span className="text-sm text-muted">({formatBytes(resume.size)})</span>
        </span>
        <a
          href={`${url}?download=1`}
          download={resume.filename}
          className={buttonVariants({ variant: "secondary", size: "sm" })}
        >
          <Download aria-hidden />
          Download
        </a>
      </div>
      {resume.inline ? (
        <iframe
          src={url}
          sandbox=""
          title={`Resume: ${resume.filename}`}
          className="mt-4 h-[28rem] w-full rounded-lg border border-line bg-surface md:h-[40rem]"
        />
      ) : (
        <p className="mt-2 text-sm text-ink-soft">
          Word documents are not shown here: download it to read it.
        </p>
      )}
    </Panel>
  );
}

function useToastResult(result: LeadActionResult | undefined, onUndo?: (previous: string) => void) {
  const shown = useRef<LeadActionResult | undefined>(undefined);
  useEffect(() => {
    if (!result || shown.current === result) return;
    shown.current = result;
    if (!result.ok) {
      toast.error(result.message);
      return;
    }
    if (result.intent === "status" && !result.undone && onUndo)
      toast.success(result.message, { action: { label: "Undo", onClick: () => onUndo(result.previous) } });
    else toast.success(result.message);
  }, [result, onUndo]);
}

function StatusControl({ lead }: { lead: LeadDetail }) {
  const fetcher = useFetcher<LeadActionResult>();
  const id = useId();
  const pending = fetcher.formData?.get("status");
  const submit = (status: string, previous: string, undo = false) =>
    fetcher.submit({ intent: "status", status, previous, undo: undo ? "1" : "0" }, { method: "post" });
  useToastResult(fetcher.data, (previous) => submit(previous, lead.status, true));
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className={staffLabelClass}>
        Current status
      </label>
      <StaffSelect
        id={id}
        value={typeof pending === "string" ? pending : lead.status}
        onChange={(event) => submit(event.target.value, lead.status)}
      >
        {lead.statuses.map((status) => (
          <option key={status}>{status}</option>
        ))}
      </StaffSelect>
      <p className="text-sm text-muted">{lead.statuses.join(" → ")}</p>
    </div>
  );
}

function AssigneeControl({ lead, people }: { lead: LeadDetail; people: Person[] }) {
  const fetcher = useFetcher<LeadActionResult>();
  const id = useId();
  const pending = fetcher.formData?.get("assigneeId");
  useToastResult(fetcher.data);
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className={staffLabelClass}>
        Assigned to
      </label>
      <StaffSelect
        id={id}
        value={typeof pending === "string" ? pending : (lead.assignee?.id ?? "")}
        onChange={(event) =>
          fetcher.submit({ intent: "assignee", assigneeId: event.target.value }, { method: "post" })
        }
      >
        <option value="">Nobody</option>
        {people.map((person) => (
          <option key={person.id} value={person.id}>
            {person.name} ({person.email})
          </option>
        ))}
      </StaffSelect>
    </div>
  );
}

function NotesControl({ notes }: { notes: LeadPage["notes"] }) {
  const fetcher = useFetcher<LeadActionResult>();
  const form = useRef<HTMLFormElement>(null);
  const id = useId();
  useToastResult(fetcher.data);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok && fetcher.data.intent === "note") form.current?.reset();
  }, [fetcher.state, fetcher.data]);
  return (
    <div className="flex flex-col gap-4">
      {notes.length === 0 ? (
        <p className="text-sm text-muted">No notes yet.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {notes.map((note) => (
            <li key={note.id} className="rounded-lg bg-surface p-3">
              <p className="text-sm whitespace-pre-wrap text-ink">{note.text}</p>
              <p className="mt-1 text-xs text-muted">
                {note.author.name} · <time dateTime={note.at}>{formatDateTime(note.at)}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
      <fetcher.Form method="post" ref={form} className="flex flex-col gap-2">
        <input type="hidden" name="intent" value="note" />
        <label htmlFor={id} className={staffLabelClass}>
          Add a note
        </label>
        <StaffTextarea id={id} name="text" required maxLength={NOTE_MAX} rows={3} />
        <Button type="submit" size="sm" disabled={fetcher.state !== "idle"} className="self-start">
          Add note
        </Button>
      </fetcher.Form>
    </div>
  );
}

function describeChange(entry: HistoryEntry): string {
  switch (entry.action) {
    case "status":
      return `changed the status from ${entry.from ?? "—"} to ${entry.to ?? "—"}`;
    case "assignee":
      return entry.to ? `assigned it to ${entry.to}` : "removed the assignee";
    case "note":
      return "added a note";
    case "viewed":
      return "opened it";
    default:
      return entry.action.replaceAll("_", " ");
  }
}

function HistoryList({ history }: { history: HistoryEntry[] }) {
  if (history.length === 0) return <p className="text-sm text-muted">Nothing has changed yet.</p>;
  return (
    <ol className="flex flex-col gap-2 text-sm">
      {history.map((entry) => (
        <li key={entry.id} className="flex flex-wrap gap-x-2 border-b border-line pb-2 last:border-0">
          <span className="font-semibold text-ink">{entry.actor?.name ?? "System"}</span>
          <span className="text-ink-soft">{describeChange(entry)}</span>
          <time dateTime={entry.at} className="ml-auto text-muted tabular-nums">
            {formatDateTime(entry.at)}
          </time>
        </li>
      ))}
    </ol>
  );
}

function Deliveries({ lead }: { lead: LeadDetail }) {
  if (lead.deliveries.length === 0) return <p className="text-sm text-muted">No deliveries for this lead.</p>;
  return (
    <ul className="flex flex-col gap-3 text-sm">
      {lead.deliveries.map((delivery) => (
        <li key={delivery.channel}>
          <p className="flex items-center justify-between gap-2">
            <span className="font-semibold text-ink capitalize">{delivery.channel}</span>
            <span className={delivery.state === "dead" ? "font-semibold text-danger" : "text-ink-soft"}>
              {DELIVERY_LABELS[delivery.state as DeliveryState] ?? delivery.state}
            </span>
          </p>
          <p className="text-muted">
            {delivery.attempts === 1 ? "1 attempt" : `${delivery.attempts} attempts`}
            {delivery.lastAttemptAt ? `, last ${formatDateTime(delivery.lastAttemptAt)}` : ""}
          </p>
          {delivery.problem || delivery.lastError ? (
            <p className="mt-1 text-danger">{delivery.problem ?? delivery.lastError}</p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
