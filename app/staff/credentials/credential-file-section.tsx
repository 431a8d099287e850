import { CircleAlert } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Select } from "~/components/ui/select";
import { StaffApiError, staffApi } from "~/staff/lib/api";
import { formatDateTime } from "~/staff/lib/format";
import { wantToasts } from "~/staff/lib/toasts";
import { Panel } from "~/staff/ui/panel";
import { CREDENTIAL_NAMES, CREDENTIALS, type Credential } from "../../../leads/credential-checklist.ts";
import type { CredentialFile, CredentialLink } from "../../../staff/credentials-api.ts";
import { CredentialItem } from "./credential-item";

type Loaded =
  | { kind: "loading" }
  | { kind: "off" | "error"; message: string }
  | { kind: "file"; file: CredentialFile };

const messageOf = (error: unknown) =>
  error instanceof StaffApiError ? error.message : "Something went wrong. Please try again.";

/** Where the nurse's private link stands, in a sentence. */
function linkText(link: CredentialLink): string {
  const at = (iso: string | null) => (iso ? formatDateTime(iso) : "");
  switch (link.state) {
    case "none":
      return "No documents requested yet.";
    case "active":
      return `Link sent ${at(link.sentAt)}; it works until ${at(link.expiresAt)}.`;
    case "revoked":
      return `Link revoked ${at(link.revokedAt)}. Renew it to send the nurse a new one.`;
    case "expired":
      return `Link expired ${at(link.expiresAt)}. Renew it to send the nurse a new one.`;
  }
}

/**
 * "Credential file" on an application's page: the nurse's checklist with each item's status, fields and file,
 * "Verify" and "Reject" on what she sent, and her private link ("Request documents", then "Renew link" and
 * "Revoke link"). Loaded on its own, after the page: its code and its data stay out of the lead page's first load.
 */
export default function CredentialFileSection({ leadId }: { leadId: string }) {
  const [loaded, setLoaded] = useState<Loaded>({ kind: "loading" });
  const [busy, setBusy] = useState(false);
  const [credential, setCredential] = useState<Credential | "">("");

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        setLoaded({ kind: "file", file: await staffApi("credentialFile", { id: leadId, signal }) });
      } catch (error) {
        if (signal?.aborted) return;
        const off = error instanceof StaffApiError && error.code === "documents_off";
        setLoaded({ kind: off ? "off" : "error", message: messageOf(error) });
      }
    },
    [leadId],
  );
  useEffect(() => {
    wantToasts();
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  /** Runs one change; the file as it is after it replaces the one shown. Resolves to the refusal's words, if any. */
  async function change(run: () => Promise<CredentialFile>, done: string): Promise<string | null> {
    setBusy(true);
    try {
      setLoaded({ kind: "file", file: await run() });
      toast.success(done);
      return null;
    } catch (error) {
      toast.error(messageOf(error));
      return messageOf(error);
    } finally {
      setBusy(false);
    }
  }

  if (loaded.kind === "loading")
    return (
      <Panel title="Credential file">
        <div aria-busy="true" className="flex flex-col gap-3">
          <span className="sr-only">Loading the credential file</span>
          <div className="h-4 w-1/3 animate-pulse rounded bg-surface motion-reduce:animate-none" />
          <div className="h-16 animate-pulse rounded bg-surface motion-reduce:animate-none" />
        </div>
      </Panel>
    );
  if (loaded.kind !== "file")
    return (
      <Panel title="Credential file">
        <p
          role={loaded.kind === "error" ? "alert" : undefined}
          className="flex items-start gap-2 text-sm text-ink-soft"
        >
          <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-muted" />
          <span>{loaded.message}</span>
        </p>
        {loaded.kind === "error" ? (
          <Button size="sm" variant="secondary" className="mt-3" onClick={() => void load()}>
            Retry
          </Button>
        ) : null}
      </Panel>
    );

  const { file } = loaded;
  const chosen = credential || file.appliedAs || "RN";
  return (
    <Panel title="Credential file">
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-3 rounded-lg bg-surface p-3 sm:flex-row sm:items-end sm:justify-between">
          <div className="text-sm">
            <p className="text-ink">{linkText(file.link)}</p>
            {file.items.length > 0 ? (
              <p className="mt-1 font-medium text-ink tabular-nums">
                {file.progress.done} of {file.progress.total} done
              </p>
            ) : null}
          </div>
          {file.link.state === "none" ? (
            <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
              <Field id="credential-checklist" name="credential" label="Checklist" className="sm:w-64">
                <Select
                  placeholder={false}
                  value={chosen}
                  onChange={(event) => setCredential(event.target.value as Credential)}
                  options={CREDENTIALS}
                  optionLabel={(option) => CREDENTIAL_NAMES[option as Credential]}
                />
              </Field>
              <Button
                disabled={busy}
                className="max-sm:w-full"
                onClick={() =>
                  void change(
                    () => staffApi("requestDocuments", { id: leadId, body: { credential: chosen } }),
                    "Documents requested: the nurse was e-mailed her link.",
                  )
                }
              >
                Request documents
              </Button>
            </div>
          ) : (
            <div className="flex flex-wrap gap-2">
              <Button
                size="sm"
                variant="secondary"
                disabled={busy}
                className="max-sm:flex-1"
                onClick={() =>
                  void change(
                    () => staffApi("renewLink", { id: leadId }),
                    "Link renewed: the nurse was e-mailed a new one.",
                  )
                }
              >
                Renew link
              </Button>
              {file.link.state === "active" ? (
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={busy}
                  className="max-sm:flex-1 border border-line"
                  onClick={() =>
                    void change(
                      () => staffApi("revokeLink", { id: leadId }),
                      "Link revoked: it no longer opens the checklist.",
                    )
                  }
                >
                  Revoke link
                </Button>
              ) : null}
            </div>
          )}
        </div>
        {file.items.length > 0 ? (
          <ul className="flex flex-col divide-y divide-line">
            {file.items.map((item) => (
              <CredentialItem
                key={item.id}
                leadId={leadId}
                item={item}
                busy={busy}
                onVerify={(submissionId) =>
                  void change(
                    () => staffApi("verifyItem", { id: leadId, itemId: item.id, body: { submissionId } }),
                    `${item.name} verified.`,
                  )
                }
                onReject={(submissionId, reason) =>
                  change(
                    () =>
                      staffApi("rejectItem", { id: leadId, itemId: item.id, body: { submissionId, reason } }),
                    `${item.name} rejected: the nurse was e-mailed the reason.`,
                  )
                }
              />
            ))}
          </ul>
        ) : null}
      </div>
    </Panel>
  );
}
