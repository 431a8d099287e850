import { MailQuestion } from "lucide-react";
import { type LoaderFunctionArgs, useLoaderData } from "react-router";
import { Attachments, MessageBody, senderOf } from "~/staff/conversation/thread-entry";
import { loadOrSignIn, pagePath, staffApi, unmatchedAttachmentUrl } from "~/staff/lib/api";
import { formatDateTime } from "~/staff/lib/format";
import type { StaffHandle } from "~/staff/lib/hooks";
import { staffPaths } from "~/staff/lib/staff-paths";
import { Pagination } from "~/staff/ui/pagination";
import { UNMATCHED_KEEP_DAYS } from "../../../staff/conversation.ts";

export const handle: StaffHandle = { title: "Unmatched mail" };

export async function loader({ request }: LoaderFunctionArgs) {
  const page = new URL(request.url).searchParams.get("page") ?? undefined;
  return loadOrSignIn(request, () => staffApi("unmatched", { query: { page }, signal: request.signal }));
}

/**
 * Mail that came in and matched no lead, newest first (admins only): who sent it, when, and what it said, as
 * plain text, its files to download. Each is deleted with its files after the keeping period.
 */
export default function UnmatchedPage() {
  const { messages, page, pageSize, total } = useLoaderData<typeof loader>();
  return (
    <div className="flex flex-col gap-4 p-4 md:p-6">
      <div>
        <h1 className="text-xl font-semibold text-ink">Unmatched mail</h1>
        <p className="max-w-prose text-sm text-ink-soft">
          Messages to the reply address that answer no lead's e-mail, newest first. Each is kept for{" "}
          {UNMATCHED_KEEP_DAYS} days, then deleted.
        </p>
      </div>
      {messages.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-line bg-white px-6 py-16 text-center">
          <MailQuestion aria-hidden className="size-8 text-muted" />
          <p className="font-semibold text-ink">No unmatched mail</p>
          <p className="max-w-sm text-sm text-ink-soft">Every message that came in found its lead.</p>
        </div>
      ) : (
        <ul aria-label="Messages" className="flex flex-col gap-3">
          {messages.map((message) => (
            <li key={message.id} className="rounded-xl border border-line bg-white p-4 shadow-sm">
              <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                <span className="font-semibold text-ink [overflow-wrap:anywhere]">
                  {senderOf(message.from)}
                </span>
                <time dateTime={message.at} className="ml-auto text-xs text-muted tabular-nums">
                  {formatDateTime(message.at)}
                </time>
              </p>
              <MessageBody subject={message.subject} text={message.text} />
              <Attachments
                attachments={message.attachments}
                urlOf={(id) => unmatchedAttachmentUrl(message.id, id)}
              />
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={page}
        pageSize={pageSize}
        total={total}
        pathOf={(to) => pagePath(staffPaths.unmatched, to)}
      />
    </div>
  );
}
