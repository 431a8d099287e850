import { Download, FileText } from "lucide-react";
import { buttonVariants } from "~/components/ui/button";
import { resumeUrl } from "~/staff/lib/api";
import { formatBytes } from "~/staff/lib/format";
import { Panel } from "~/staff/ui/panel";
import type { LeadDetail } from "../../../staff/leads-api.ts";

/** The resume: a PDF shown in a sandboxed frame (no scripts, no same origin), every kind downloadable. */
export function ResumePanel({
  leadId,
  resume,
}: {
  leadId: string;
  resume: NonNullable<LeadDetail["resume"]>;
}) {
  return (
    <Panel title="Resume">
      <div className="flex flex-wrap items-center gap-3">
        <FileText aria-hidden className="size-5 text-muted" />
        <span className="min-w-0 flex-1 truncate text-ink">
          {resume.filename} <span className="text-sm text-muted">({formatBytes(resume.size)})</span>
        </span>
        <a
          href={resumeUrl(leadId, { download: true })}
          download={resume.filename}
          className={buttonVariants({ variant: "secondary", size: "sm" })}
        >
          <Download aria-hidden />
          Download
        </a>
      </div>
      {resume.inline ? (
        <iframe
          src={resumeUrl(leadId)}
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
