import { type ComponentProps, type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { notify, preloadToaster } from "~/components/ui/toaster";
import { leadTarget, newIdempotencyKey, sendLead } from "~/lib/lead-client";
import { fieldNames, HONEYPOT_FIELD, type LeadForm, requiredFieldNames } from "../../../leads/catalog.ts";
import {
  CONSENT_REQUIRED,
  INVALID_INFORMATION,
  MISSING_INFORMATION,
  type Notice,
} from "../../../leads/notices.ts";
import { checkResume, RESUME_FIELD, RESUME_MESSAGES, RESUME_NOTICE_TITLE } from "../../../leads/resume.ts";

export type FieldErrors = Record<string, string>;

type Validation = typeof import("../../../leads/forms.ts");

let validation: Promise<Validation> | null = null;

/**
 * The zod schemas stay off the first load: fetched when a visitor first focuses a form (so a submit
 * rarely waits) or at the latest on submit. A failed fetch is forgotten so that the next try refetches.
 */
function loadValidation(): Promise<Validation> {
  validation ??= import("../../../leads/forms.ts").catch((error: unknown) => {
    validation = null;
    throw error;
  });
  return validation;
}

/** Warms what a submit needs: the validator and the toasts. */
function prefetchForSubmit() {
  loadValidation().catch(() => {});
  preloadToaster();
}

/** The file chosen in a form's file input, if any (read from the input itself, not an empty FormData entry). */
function chosenFile(element: HTMLFormElement, name: string): File | null {
  const input = element.elements.namedItem(name);
  return input instanceof HTMLInputElement && input.type === "file" ? (input.files?.[0] ?? null) : null;
}

/** The form's values as the schema reads them: strings by field name; a checked consent box is "true". */
function readValues(form: LeadForm, data: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of fieldNames(form)) {
    const value = data.get(name);
    values[name] = typeof value === "string" ? value : "";
  }
  return values;
}

interface Check {
  errors: FieldErrors;
  notice: Notice | null;
  values?: Record<string, string>;
  resume: File | null;
}

/** Everything the browser checks before sending; the notice follows the spec's order: missing, consent, file, format. */
function checkForm(
  form: LeadForm,
  element: HTMLFormElement,
  validateLead: Validation["validateLead"],
): Check {
  const data = new FormData(element);
  const values = readValues(form, data);
  const result = validateLead(form, values);
  const errors: FieldErrors = { ...result.fields };

  // The schema accepts "yesterday in UTC" for every time zone; in the browser the local day is known.
  for (const control of Array.from(element.elements)) {
    if (control instanceof HTMLInputElement && control.type === "date" && control.min && control.value) {
      if (control.value < control.min) errors[control.name] ??= "Choose today or a later date.";
    }
  }

  const resume = form.acceptsResume ? chosenFile(element, RESUME_FIELD) : null;
  const resumeProblem = resume ? checkResume(resume) : null;
  if (resumeProblem) errors[RESUME_FIELD] = RESUME_MESSAGES[resumeProblem];

  const missing = requiredFieldNames(form).some((name) => name !== "consent" && !values[name]?.trim());
  let notice: Notice | null = null;
  if (missing) notice = MISSING_INFORMATION;
  else if (errors.consent) notice = CONSENT_REQUIRED;
  else if (resumeProblem)
    notice = { title: RESUME_NOTICE_TITLE, description: RESUME_MESSAGES[resumeProblem] };
  else if (Object.keys(errors).length > 0) notice = INVALID_INFORMATION;

  return { errors, notice, values: result.ok ? result.data : undefined, resume };
}

/** Focuses the first control, in page order, that has an error. */
function focusFirstInvalid(element: HTMLFormElement, errors: FieldErrors) {
  const first = Array.from(element.elements).find(
    (control): control is HTMLElement =>
      control instanceof HTMLElement && "name" in control && Object.hasOwn(errors, String(control.name)),
  );
  first?.focus();
}

/** After a native (no-JavaScript) post, the API redirects back with `?lead=ok|error`; say it once as a toast. */
function announceRedirectResult(form: LeadForm) {
  const url = new URL(window.location.href);
  const result = url.searchParams.get("lead");
  if (result !== "ok" && result !== "error") return;
  if (url.pathname.replace(/\/+$/, "") !== form.page) return;
  notify(
    result === "ok" ? "success" : "error",
    result === "ok" ? form.notices.success : form.notices.failure,
  );
  url.searchParams.delete("lead");
  window.history.replaceState(window.history.state, "", url);
  // The toast now carries the result; the static in-form message would repeat it.
  document.documentElement.removeAttribute("data-lead");
}

/**
 * The one form hook. The controls stay uncontrolled (so the pre-rendered form posts natively and keeps
 * what was typed before hydration); the hook validates with the shared schema (loaded on first focus or
 * submit), sends one multipart POST with an idempotency key kept for the life of the current values, and reports with toasts.
 */
export function useLeadForm(form: LeadForm) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  // Until hydration the browser's own validation guards the native post; after it, our notices do.
  const [enhanced, setEnhanced] = useState(false);
  const busy = useRef(false);
  const idempotencyKey = useRef<string | null>(null);

  const prefetched = useRef(false);

  useEffect(() => {
    setEnhanced(true);
    announceRedirectResult(form);
  }, [form]);

  const onChange = useCallback((event: FormEvent<HTMLFormElement>) => {
    // New values are a new lead.
    idempotencyKey.current = null;
    const target = event.target as HTMLInputElement;
    if (!target.name || target.name === HONEYPOT_FIELD) return;
    let problem: string | undefined;
    if (target.type === "file") {
      const file = target.files?.[0];
      const kind = file ? checkResume(file) : null;
      if (kind) problem = RESUME_MESSAGES[kind];
    }
    setErrors((current) => {
      if (current[target.name] === problem) return current;
      const { [target.name]: _cleared, ...rest } = current;
      return problem ? { ...rest, [target.name]: problem } : rest;
    });
  }, []);

  // React's onFocus bubbles like focusin: the first focus anywhere in the form starts the prefetch.
  const onFocus = useCallback(() => {
    if (prefetched.current) return;
    prefetched.current = true;
    prefetchForSubmit();
  }, []);

  const onSubmit = useCallback(
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (busy.current) return;
      const element = event.currentTarget;
      // Held while the validator loads too, so a double click cannot check (and send) twice.
      busy.current = true;
      let validateLead: Validation["validateLead"];
      try {
        ({ validateLead } = await loadValidation());
      } catch (error) {
        console.error(error);
        busy.current = false;
        notify("error", form.notices.failure);
        return;
      }
      const check = checkForm(form, element, validateLead);
      setErrors(check.errors);
      if (check.notice || !check.values) {
        busy.current = false;
        notify("error", check.notice ?? INVALID_INFORMATION);
        focusFirstInvalid(element, check.errors);
        return;
      }

      idempotencyKey.current ??= newIdempotencyKey();
      const honey = new FormData(element).get(HONEYPOT_FIELD);
      setSubmitting(true);
      try {
        await sendLead({
          form,
          values: check.values,
          resume: check.resume,
          honey: typeof honey === "string" ? honey : "",
          idempotencyKey: idempotencyKey.current,
        });
        element.reset();
        // reset() empties file inputs too; clearing them by value also covers test doubles of `files`.
        for (const control of Array.from(element.elements)) {
          if (control instanceof HTMLInputElement && control.type === "file") control.value = "";
        }
        idempotencyKey.current = null;
        setErrors({});
        notify("success", form.notices.success);
      } catch (error) {
        console.error(error);
        notify("error", form.notices.failure);
      } finally {
        busy.current = false;
        setSubmitting(false);
      }
    },
    [form],
  );

  return {
    errors,
    submitting,
    formProps: {
      method: "post",
      action: leadTarget(form).url,
      encType: "multipart/form-data",
      noValidate: enhanced,
      "aria-busy": submitting || undefined,
      "data-form": form.id,
      onChange,
      onFocus,
      onSubmit,
    } satisfies ComponentProps<"form"> & { "data-form": string },
  };
}
