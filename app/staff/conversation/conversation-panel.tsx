import { Panel } from "~/staff/ui/panel";
import type { ConversationEntry } from "../../../staff/conversation.ts";
import type { LeadDetail } from "../../../staff/leads-api.ts";
import { CallLogger } from "./call-logger";
import { ReplyComposer } from "./reply-composer";
import { ThreadEntry } from "./thread-entry";

/**
 * "Conversation": everything between the company and the person, oldest first (the confirmation, replies, the
 * person's messages, logged calls), with the ways to add to it.
 */
export function ConversationPanel({ lead, entries }: { lead: LeadDetail; entries: ConversationEntry[] }) {
  const unread = entries.filter((entry) => entry.kind === "inbound" && !entry.read).length;
  return (
    <Panel title="Conversation">
      <div className="-mt-1 mb-4 flex flex-wrap items-center gap-2">
        <ReplyComposer lead={lead} />
        <CallLogger />
        {unread > 0 ? (
          <p className="text-sm text-ink-soft sm:ml-auto">
            {unread === 1 ? "1 new message from the person" : `${unread} new messages from the person`}
          </p>
        ) : null}
      </div>
      {entries.length === 0 ? (
        <p className="text-sm text-muted">Nothing has been sent or received yet.</p>
      ) : (
        <ol className="flex flex-col gap-3">
          {entries.map((entry) => (
            <ThreadEntry key={`${entry.kind}-${entry.id}`} entry={entry} leadId={lead.id} />
          ))}
        </ol>
      )}
    </Panel>
  );
}
