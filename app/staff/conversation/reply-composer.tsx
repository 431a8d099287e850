import { Mail, Send } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { site } from "~/content/site";
import { useStaffUser } from "~/staff/lib/hooks";
import { StaffDialog } from "~/staff/ui/staff-dialog";
import { replyRequest } from "../../../staff/conversation.ts";
import type { LeadDetail } from "../../../staff/leads-api.ts";
import { fillTemplate, REPLY_TEXT_MAX, templatesFor } from "../../../staff/reply-templates.ts";
import { useDialogAction } from "./use-dialog-action";

type ReplyField = "subject" | "text";
type ReplyErrors = Partial<Record<ReplyField | "form", string>>;

/**
 * Which field a refusal is about: the server's sentences name it ("The subject must be a single line.", "Write
 * a message."); anything else (no mail server, the person's address) is about the reply as a whole.
 */
export function replyFieldOf(message: string): ReplyField | null {
  if (/\bsubject\b/i.test(message)) return "subject";
  if (/\bmessage\b/i.test(message)) return "text";
  return null;
}

/**
 * "Reply by e-mail": a composer in a dialog with Subject and Message, a template menu for the lead's form and
 * status (placeholders filled, then editable), checked by the contract's replyRequest before it is sent; the
 * server's refusal shows next to the field it names.
 */
export function ReplyComposer({ lead }: { lead: LeadDetail }) {
  const user = useStaffUser();
  const [template, setTemplate] = useState("");
  const [subject, setSubject] = useState("");
  const [text, setText] = useState("");
  const [errors, setErrors] = useState<ReplyErrors>({});
  const templateMenu = useRef<HTMLSelectElement>(null);
  const fields = { subject: useRef<HTMLInputElement>(null), text: useRef<HTMLTextAreaElement>(null) };
  const templates = templatesFor(lead.formId, lead.status);
  const { fetcher, open, setOpen, refusal } = useDialogAction("reply", () => {
    setTemplate("");
    setSubject("");
    setText("");
    setErrors({});
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per refusal; `fields` holds refs
  useEffect(() => {
    if (!refusal) return;
    const field = replyFieldOf(refusal.message);
    setErrors({ [field ?? "form"]: refusal.message });
    if (field) fields[field].current?.focus();
  }, [refusal]);

  const pick = (id: string) => {
    setTemplate(id);
    const chosen = templates.find((candidate) => candidate.id === id);
    if (!chosen) return;
    const values = { firstName: lead.firstName, staffName: user.name, companyName: site.company.name };
    setSubject(fillTemplate(chosen.subject, values));
    setText(fillTemplate(chosen.text, values));
    setErrors({});
  };

  const send = (event: React.FormEvent) => {
    event.preventDefault();
    const checked = replyRequest.safeParse({ subject, text });
    if (!checked.success) {
      const found: ReplyErrors = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0] as ReplyField;
        found[field] ??= issue.message;
      }
      setErrors(found);
      fields[found.subject ? "subject" : "text"].current?.focus();
      return;
    }
    setErrors({});
    fetcher.submit({ intent: "reply", subject, text }, { method: "post" });
  };

  const sending = fetcher.state !== "idle";
  return (
    <StaffDialog
      open={open}
      onOpenChange={setOpen}
      initialFocus={templates.length > 0 ? templateMenu : fields.subject}
      title="Reply by e-mail"
      description={`To ${lead.fields.find((field) => field.name === "email")?.value ?? "the person"}, from the company's address; their answer comes back onto this conversation.`}
      trigger={
        <Button size="sm">
          <Mail aria-hidden />
          Reply by e-mail
        </Button>
      }
    >
      <form noValidate onSubmit={send} className="flex flex-col gap-4">
        {templates.length > 0 ? (
          <Field id="reply-template" name="template" label="Template">
            <Select
              ref={templateMenu}
              value={template}
              onChange={(event) => pick(event.target.value)}
              placeholder="Start from a template…"
              options={templates.map((candidate) => candidate.id)}
              optionLabel={(id) => templates.find((candidate) => candidate.id === id)?.label ?? id}
            />
          </Field>
        ) : null}
        <Field id="reply-subject" name="subject" label="Subject" error={errors.subject}>
          <Input
            ref={fields.subject}
            value={subject}
            onChange={(event) => setSubject(event.target.value)}
            autoComplete="off"
          />
        </Field>
        <Field
          id="reply-text"
          name="text"
          label="Message"
          error={errors.text}
          helper={`Plain text, at most ${REPLY_TEXT_MAX.toLocaleString("en-US")} characters.`}
        >
          <Textarea
            ref={fields.text}
            value={text}
            onChange={(event) => setText(event.target.value)}
            rows={10}
          />
        </Field>
        {errors.form ? (
          <p role="alert" className="text-sm font-medium text-danger">
            {errors.form}
          </p>
        ) : null}
        <Button type="submit" disabled={sending} className="max-sm:w-full sm:self-end">
          <Send aria-hidden />
          {sending ? "Sending…" : "Send"}
        </Button>
      </form>
    </StaffDialog>
  );
}
