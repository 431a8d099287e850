import { ArrowLeft } from "lucide-react";
import { lazy, Suspense } from "react";
import { Link, type LoaderFunctionArgs, useLoaderData, useLocation } from "react-router";
import { ConversationPanel } from "~/staff/conversation/conversation-panel";
import { loadOrSignIn, staffApi } from "~/staff/lib/api";
import { formatDateTime } from "~/staff/lib/format";
import { type StaffHandle, useStaffUser } from "~/staff/lib/hooks";
import { staffPaths } from "~/staff/lib/staff-paths";
import { Panel } from "~/staff/ui/panel";
import { LeadPromiseSummary } from "~/staff/ui/promise-text";
import { StatusPill } from "~/staff/ui/status-pill";
import { nameOf } from "../../../staff/labels.ts";
import { may } from "../../../staff/permissions.ts";
import { isApplicationForm } from "../../../staff/workflow.ts";
import { AssigneeControl } from "./assignee-control";
import { Deliveries } from "./deliveries";
import { HistoryList } from "./history-list";
import { NotesPanel } from "./notes-panel";
import { OtherRequests } from "./other-requests";
import { RequestPanel } from "./request-panel";
import { ResumePanel } from "./resume-panel";
import { SourcePanel } from "./source-panel";
import { SpamReview } from "./spam-review";
import { StatusControl } from "./status-control";
import { useEscapeBack } from "./use-escape-back";

export { leadAction as action } from "./lead-action";

/** An application's credential file: its own chunk, loaded only for the roles that work on one. */
const CredentialFileSection = lazy(() => import("~/staff/credentials/credential-file-section"));

export const handle: StaffHandle = { title: ({ id }) => `Lead ${id}` };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  const [page, { people }] = await loadOrSignIn(request, () =>
    Promise.all([
      staffApi("lead", { id, signal: request.signal }),
      staffApi("people", { signal: request.signal }),
    ]),
  );
  // Shown, so seen: the lead is no longer new and the messages on this page are read (reading changed nothing).
  const unread = page.conversation.flatMap((entry) =>
    entry.kind === "inbound" && !entry.read ? [entry.id] : [],
  );
  await staffApi("markSeen", { id, body: { read: unread } }).catch(() => undefined);
  return { ...page, people };
}

/**
 * One lead: the person and their request first, then the conversation with them, the resume and where they came
 * from, then status, assignee and notes side by side, with the history and the deliveries below.
 */
export default function LeadPage() {
  const { lead, notes, history, conversation, otherRequests, people } = useLoaderData<typeof loader>();
  const user = useStaffUser();
  const location = useLocation();
  const back = (location.state as { back?: string } | null)?.back ?? staffPaths.inbox;
  useEscapeBack(back);
  const name = nameOf(Object.fromEntries(lead.fields.map((field) => [field.name, field.value])));

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
          <h1 className="text-2xl font-semibold text-ink">{name || `Lead ${lead.id}`}</h1>
          <StatusPill status={lead.status} />
        </div>
        <p className="mt-1 text-sm text-ink-soft">
          {lead.formLabel} · received <time dateTime={lead.createdAt}>{formatDateTime(lead.createdAt)}</time>{" "}
          · lead {lead.id}
        </p>
        <LeadPromiseSummary lead={lead} />
      </div>

      {may(user.role, "spam:review") ? <SpamReview spam={lead.spam} /> : null}
      <RequestPanel fields={lead.fields} opening={lead.opening} role={user.role} />
      <ConversationPanel lead={lead} entries={conversation} />
      {lead.resume ? <ResumePanel leadId={lead.id} resume={lead.resume} /> : null}
      {isApplicationForm(lead.formId) && may(user.role, "credentials:manage") ? (
        <Suspense fallback={null}>
          <CredentialFileSection key={lead.id} leadId={lead.id} />
        </Suspense>
      ) : null}
      <SourcePanel source={lead.source} />
      <Panel title="Other requests from this person">
        <OtherRequests requests={otherRequests} />
      </Panel>

      <div className="grid gap-6 lg:grid-cols-3">
        <Panel title="Status">
          <StatusControl lead={lead} />
        </Panel>
        <Panel title="Assignee">
          <AssigneeControl lead={lead} people={people} />
        </Panel>
        <Panel title="Notes">
          <NotesPanel notes={notes} />
        </Panel>
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <Panel title="History" className="lg:col-span-2">
          <HistoryList history={history} />
        </Panel>
        <Panel title="Delivery">
          <Deliveries deliveries={lead.deliveries} />
        </Panel>
      </div>
    </article>
  );
}
