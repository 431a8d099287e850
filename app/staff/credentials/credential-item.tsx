import { Download, ExternalLink, FileText } from "lucide-react";
import { Button, buttonVariants } from "~/components/ui/button";
import { credentialDocumentUrl } from "~/staff/lib/api";
import { formatBytes, formatDateTime } from "~/staff/lib/format";
import type { CredentialItemEntry, SubmissionEntry } from "../../../staff/credentials-api.ts";
import { ItemStatusPill } from "./item-status-pill";
import { RejectDialog } from "./reject-dialog";

const day = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
const dayOf = (date: string) => day.format(new Date(`${date}T12:00:00Z`));

const TYPE_NAMES = { pdf: "PDF", jpeg: "JPEG", png: "PNG", heic: "HEIC" } as const;

/** A submission's fields and file: view (in a new tab, sandboxed by the server) and download. */
function SubmissionBody({
  leadId,
  itemName,
  submission,
}: {
  leadId: string;
  itemName: string;
  submission: SubmissionEntry;
}) {
  const { file } = submission;
  return (
    <div className="flex flex-col gap-2">
      {submission.fields.length > 0 ? (
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
          {submission.fields.map((field) => (
            <div key={field.name} className="contents">
              <dt className="text-ink-soft">{field.label}</dt>
              <dd className="break-words text-ink">{field.value || "—"}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {file ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <FileText aria-hidden className="size-4 text-muted" />
          <span className="text-ink-soft">
            {TYPE_NAMES[file.type]}, {formatBytes(file.size)}
          </span>
          {file.type === "heic" ? null : (
            <a
              href={credentialDocumentUrl(leadId, submission.id)}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`View ${itemName}`}
              className={buttonVariants({ variant: "ghost", size: "sm" })}
            >
              <ExternalLink aria-hidden />
              View
            </a>
          )}
          <a
            href={credentialDocumentUrl(leadId, submission.id, { download: true })}
            download
            aria-label={`Download ${itemName}`}
            className={buttonVariants({ variant: "ghost", size: "sm" })}
          >
            <Download aria-hidden />
            Download
          </a>
        </div>
      ) : null}
    </div>
  );
}

const DECISIONS = { verified: "Verified", rejected: "Rejected" } as const;

/** One checklist item: its status, its latest submission for review, and the earlier ones below. */
export function CredentialItem({
  leadId,
  item,
  busy,
  onVerify,
  onReject,
}: {
  leadId: string;
  item: CredentialItemEntry;
  busy: boolean;
  onVerify: (submissionId: string) => void;
  onReject: (submissionId: string, reason: string) => Promise<string | null>;
}) {
  const [latest, ...earlier] = item.history;
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0" aria-label={item.name}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 className="font-semibold text-ink">{item.name}</h3>
        <ItemStatusPill status={item.status} />
        {item.validThrough ? (
          <span className="text-sm text-ink-soft">Valid through {dayOf(item.validThrough)}</span>
        ) : null}
      </div>
      {item.status === "rejected" && item.reason ? (
        <p className="text-sm text-ink-soft">
          <span className="font-medium text-ink">Reason given:</span> {item.reason}
        </p>
      ) : null}
      {latest ? (
        <>
          <p className="text-sm text-muted">
            Sent <time dateTime={latest.submittedAt}>{formatDateTime(latest.submittedAt)}</time>
          </p>
          <SubmissionBody leadId={leadId} itemName={item.name} submission={latest} />
          {latest.decision === null ? (
            <div className="flex flex-wrap gap-2">
              <Button size="sm" disabled={busy} onClick={() => onVerify(latest.id)}>
                Verify
              </Button>
              <RejectDialog
                itemName={item.name}
                disabled={busy}
                onReject={(reason) => onReject(latest.id, reason)}
              />
            </div>
          ) : null}
        </>
      ) : (
        <p className="text-sm text-muted">Nothing sent yet.</p>
      )}
      {earlier.length > 0 ? (
        <details className="text-sm">
          <summary className="cursor-pointer text-ink-soft">Earlier submissions ({earlier.length})</summary>
          <ul className="mt-2 flex flex-col gap-3 border-l-2 border-line pl-3">
            {earlier.map((submission) => (
              <li key={submission.id} className="flex flex-col gap-1">
                <p className="text-muted">
                  <time dateTime={submission.submittedAt}>{formatDateTime(submission.submittedAt)}</time>
                  {submission.decision ? ` · ${DECISIONS[submission.decision]}` : ""}
                  {submission.reason ? `: ${submission.reason}` : ""}
                </p>
                <SubmissionBody leadId={leadId} itemName={item.name} submission={submission} />
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </li>
  );
}
