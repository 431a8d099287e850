import { Inbox, MailCheck, Paperclip, Phone, Send } from "lucide-react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { type LeadActionResult, useActionToast } from "~/staff/lib/action-toast";
import { attachmentUrl } from "~/staff/lib/api";
import { formatBytes, formatDateTime } from "~/staff/lib/format";
import {
  type Attachment,
  CALL_OUTCOME_LABELS,
  type ConversationEntry,
  type MailDelivery,
  NOT_SENT_LABELS,
} from "../../../staff/conversation.ts";

type Entry<K extends ConversationEntry["kind"]> = Extract<ConversationEntry, { kind: K }>;

const MAIL_STATE_LABELS: Record<MailDelivery["state"], string> = {
  pending: "Sending",
  delivered: "Delivered",
  dead: "Not delivered",
};

/** An outgoing message's delivery, in words; a given-up one says why. */
function DeliveryLine({ delivery }: { delivery: MailDelivery }) {
  const attempts = delivery.attempts === 1 ? "1 attempt" : `${delivery.attempts} attempts`;
  return (
    <p className={cn("text-xs", delivery.state === "dead" ? "font-semibold text-danger" : "text-muted")}>
      {MAIL_STATE_LABELS[delivery.state]}
      {delivery.attempts > 0 ? ` · ${attempts}` : ""}
      {delivery.state === "dead" && delivery.lastError ? ` · ${delivery.lastError}` : ""}
    </p>
  );
}

/** "Retry" on a reply that was given up: the same message, sent again. */
function RetryButton({ replyId }: { replyId: string }) {
  const fetcher = useFetcher<LeadActionResult>();
  useActionToast(fetcher.data);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="retry" />
      <input type="hidden" name="replyId" value={replyId} />
      <Button type="submit" size="sm" variant="secondary" disabled={fetcher.state !== "idle"}>
        Retry
      </Button>
    </fetcher.Form>
  );
}

/** A message's files, each a download link (`urlOf` gives its address). */
export function Attachments({
  attachments,
  urlOf,
}: {
  attachments: Attachment[];
  urlOf: (attachmentId: string) => string;
}) {
  if (attachments.length === 0) return null;
  return (
    <ul aria-label="Attachments" className="mt-2 flex flex-wrap gap-2">
      {attachments.map((file) => (
        <li key={file.id} className="max-w-full">
          <a
            href={urlOf(file.id)}
            download={file.filename}
            className="inline-flex min-h-9 max-w-full items-center gap-1.5 rounded-md border border-line bg-white px-2.5 text-xs font-medium text-navy-800 hover:border-navy-700 focus-visible:outline-3 focus-visible:outline-navy-700"
          >
            <Paperclip aria-hidden className="size-3.5 shrink-0" />
            <span className="truncate">{file.filename}</span>
            <span className="shrink-0 text-muted">{formatBytes(file.size)}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** A sender as the mail named them: "Name <address>", or the address alone. */
export const senderOf = (from: { name: string; address: string }) =>
  from.name ? `${from.name} <${from.address}>` : from.address;

/** What someone wrote: its subject, then its text as plain text (line breaks kept, never HTML). */
export function MessageBody({ subject, text }: { subject: string; text: string }) {
  return (
    <>
      <p className="mt-2 font-semibold text-ink">{subject || "(no subject)"}</p>
      <p className="mt-1 text-sm [overflow-wrap:anywhere] whitespace-pre-wrap text-ink">{text}</p>
    </>
  );
}

/** Who did what, when: the first line of each entry. */
function EntryHead({
  icon: Icon,
  who,
  what,
  at,
}: {
  icon: typeof Send;
  who: string;
  what: string;
  at: string;
}) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 text-sm">
      <Icon aria-hidden className="size-4 text-navy-700" />
      <span className="font-semibold text-ink">{who}</span>
      <span className="text-ink-soft">{what}</span>
      <time dateTime={at} className="ml-auto text-xs text-muted tabular-nums">
        {formatDateTime(at)}
      </time>
    </p>
  );
}

function Confirmation({ entry }: { entry: Entry<"confirmation"> }) {
  return (
    <>
      <EntryHead icon={MailCheck} who="Confirmation" what={`to ${entry.to}`} at={entry.at} />
      {entry.delivery ? (
        <>
          <details className="mt-2 text-sm">
            <summary className="cursor-pointer font-semibold text-ink">{entry.subject}</summary>
            <p className="mt-1 [overflow-wrap:anywhere] whitespace-pre-wrap text-ink">{entry.text}</p>
          </details>
          <DeliveryLine delivery={entry.delivery} />
        </>
      ) : (
        <p className="mt-1 text-sm text-ink-soft">
          {entry.notSent ? NOT_SENT_LABELS[entry.notSent] : "Not sent."}
        </p>
      )}
    </>
  );
}

function Reply({ entry }: { entry: Entry<"reply"> }) {
  return (
    <>
      <EntryHead
        icon={Send}
        who={entry.author?.name ?? "A former colleague"}
        what={`replied to ${entry.to}`}
        at={entry.at}
      />
      <MessageBody subject={entry.subject} text={entry.text} />
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <DeliveryLine delivery={entry.delivery} />
        {entry.delivery.state === "dead" ? <RetryButton replyId={entry.id} /> : null}
      </div>
    </>
  );
}

function Inbound({ entry, leadId }: { entry: Entry<"inbound">; leadId: string }) {
  return (
    <>
      <EntryHead icon={Inbox} who={senderOf(entry.from)} what="wrote" at={entry.at} />
      {entry.read ? null : (
        <p className="mt-1 inline-flex rounded-full bg-navy-900 px-2 py-0.5 text-xs font-semibold text-white">
          Unread
        </p>
      )}
      <MessageBody subject={entry.subject} text={entry.text} />
      <Attachments attachments={entry.attachments} urlOf={(id) => attachmentUrl(leadId, id)} />
    </>
  );
}

function Call({ entry }: { entry: Entry<"call"> }) {
  return (
    <>
      <EntryHead
        icon={Phone}
        who={entry.author?.name ?? "A former colleague"}
        what={`logged a call: ${CALL_OUTCOME_LABELS[entry.outcome]}`}
        at={entry.at}
      />
      {entry.note ? <p className="mt-1 text-sm whitespace-pre-wrap text-ink">{entry.note}</p> : null}
    </>
  );
}

/** One entry of a lead's conversation; the person's messages stand out from the company's. */
export function ThreadEntry({ entry, leadId }: { entry: ConversationEntry; leadId: string }) {
  return (
    <li
      data-kind={entry.kind}
      className={cn(
        "rounded-lg border p-3",
        entry.kind === "inbound" ? "border-navy-700/30 bg-navy-50" : "border-line bg-surface",
      )}
    >
      {entry.kind === "confirmation" ? <Confirmation entry={entry} /> : null}
      {entry.kind === "reply" ? <Reply entry={entry} /> : null}
      {entry.kind === "inbound" ? <Inbound entry={entry} leadId={leadId} /> : null}
      {entry.kind === "call" ? <Call entry={entry} /> : null}
    </li>
  );
}
