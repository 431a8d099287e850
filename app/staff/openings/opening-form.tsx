import { CircleAlert } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import {
  EMPLOYMENT_TYPE_LABELS,
  EMPLOYMENT_TYPES,
  OPENING_CREDENTIALS,
  OPENING_SETTINGS,
  SETTING_LABELS,
  SHIFT_LABELS,
  SHIFTS,
  US_STATES,
  VALID_DAYS_DEFAULT,
  VALID_DAYS_MAX,
} from "../../../staff/openings.ts";
import { type Opening, type OpeningField, openingFields } from "../../../staff/openings-api.ts";
import { FIELD_LABELS, type OpeningSaveResult } from "./opening-save";

type Errors = Partial<Record<OpeningField, string>>;

/** The form's values as the contract reads them: numbers for the pay, null for an empty valid-through. */
function valuesOf(form: HTMLFormElement): Record<OpeningField, unknown> {
  const data = new FormData(form);
  const text = (name: OpeningField) => String(data.get(name) ?? "");
  const pay = (name: OpeningField) => (text(name).trim() === "" ? undefined : Number(text(name)));
  return {
    title: text("title"),
    credential: text("credential"),
    specialty: text("specialty"),
    setting: text("setting"),
    city: text("city"),
    state: text("state"),
    postalCode: text("postalCode"),
    employmentType: text("employmentType"),
    shift: text("shift"),
    payFrom: pay("payFrom"),
    payTo: pay("payTo"),
    startDate: text("startDate"),
    description: text("description"),
    validThrough: text("validThrough") || null,
  };
}

/** Each field's first refusal by the contract's schema, the same the server gives. */
function errorsOf(values: Record<OpeningField, unknown>): Errors {
  const parsed = openingFields.safeParse(values);
  if (parsed.success) return {};
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as OpeningField;
    errors[field] ??= issue.message;
  }
  return errors;
}

const ORDER = Object.keys(FIELD_LABELS) as OpeningField[];
const idOf = (field: OpeningField) => `opening-${field}`;

/**
 * An opening's fields, each with its label, checked in the browser by the staff contract's own schema before
 * "Save" sends them; a refusal (the browser's or the server's) shows under its field. `action` is the route that
 * saves (a new draft on the Openings page, an edit on the opening's page).
 */
export function OpeningForm({
  opening,
  action,
  onSaved,
}: {
  opening?: Opening;
  action: string;
  onSaved?: () => void;
}) {
  const fetcher = useFetcher<OpeningSaveResult>();
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const saving = fetcher.state !== "idle";
  const result = fetcher.data;
  const handled = useRef<OpeningSaveResult | undefined>(undefined);

  useEffect(() => {
    if (!result || handled.current === result) return;
    handled.current = result;
    if (result.ok) {
      onSaved?.();
      return;
    }
    if (result.field) {
      setErrors({ [result.field]: result.message });
      document.getElementById(idOf(result.field))?.focus();
    } else setFormError(result.message);
  }, [result, onSaved]);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = valuesOf(event.currentTarget);
    const found = errorsOf(values);
    setErrors(found);
    setFormError(null);
    const first = ORDER.find((field) => found[field]);
    if (first) {
      document.getElementById(idOf(first))?.focus();
      return;
    }
    fetcher.submit({ intent: "save", fields: values } as never, {
      method: "post",
      action,
      encType: "application/json",
    });
  };

  const field = (name: OpeningField, control: React.ReactElement, props: { helper?: string } = {}) => (
    <Field id={idOf(name)} name={name} label={FIELD_LABELS[name]} error={errors[name]} {...props}>
      {control}
    </Field>
  );
  const initial = (name: OpeningField) => {
    const value = opening?.[name];
    return value === undefined || value === null ? "" : String(value);
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-6">
      <div className="sm:col-span-6">
        {field("title", <Input defaultValue={initial("title")} autoComplete="off" />)}
      </div>
      <div className="sm:col-span-2">
        {field("credential", <Select options={OPENING_CREDENTIALS} defaultValue={initial("credential")} />)}
      </div>
      <div className="sm:col-span-2">
        {field(
          "specialty",
          <Input defaultValue={initial("specialty")} autoComplete="off" placeholder="Med-Surg" />,
        )}
      </div>
      <div className="sm:col-span-2">
        {field(
          "setting",
          <Select
            options={OPENING_SETTINGS}
            optionLabel={(option) => SETTING_LABELS[option as keyof typeof SETTING_LABELS]}
            defaultValue={initial("setting")}
          />,
        )}
      </div>
      <div className="sm:col-span-3">
        {field("city", <Input defaultValue={initial("city")} autoComplete="off" />)}
      </div>
      <div className="sm:col-span-1">
        {field("state", <Select options={US_STATES} defaultValue={initial("state")} placeholder="—" />)}
      </div>
      <div className="sm:col-span-2">
        {field("postalCode", <Input defaultValue={initial("postalCode")} inputMode="numeric" />)}
      </div>
      <div className="sm:col-span-3">
        {field(
          "employmentType",
          <Select
            options={EMPLOYMENT_TYPES}
            optionLabel={(option) => EMPLOYMENT_TYPE_LABELS[option as keyof typeof EMPLOYMENT_TYPE_LABELS]}
            defaultValue={initial("employmentType")}
          />,
        )}
      </div>
      <div className="sm:col-span-3">
        {field(
          "shift",
          <Select
            options={SHIFTS}
            optionLabel={(option) => SHIFT_LABELS[option as keyof typeof SHIFT_LABELS]}
            defaultValue={initial("shift")}
          />,
        )}
      </div>
      <div className="sm:col-span-2">
        {field(
          "payFrom",
          <Input type="number" step="0.01" min="1" inputMode="decimal" defaultValue={initial("payFrom")} />,
          { helper: "USD per hour" },
        )}
      </div>
      <div className="sm:col-span-2">
        {field(
          "payTo",
          <Input type="number" step="0.01" min="1" inputMode="decimal" defaultValue={initial("payTo")} />,
          { helper: "USD per hour" },
        )}
      </div>
      <div className="sm:col-span-2">
        {field("startDate", <Input type="date" defaultValue={initial("startDate")} />)}
      </div>
      <div className="sm:col-span-6">
        {field("description", <Textarea rows={8} defaultValue={initial("description")} />, {
          helper: 'Plain text: a blank line starts a paragraph, a line starting "- " is a bullet.',
        })}
      </div>
      <div className="sm:col-span-3">
        {field("validThrough", <Input type="date" defaultValue={initial("validThrough")} />, {
          helper: `Empty: ${VALID_DAYS_DEFAULT} days after publishing. At most ${VALID_DAYS_MAX} days.`,
        })}
      </div>
      {formError ? (
        <p role="alert" className="flex items-start gap-1.5 text-sm font-medium text-danger sm:col-span-6">
          <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          {formError}
        </p>
      ) : null}
      <div className="sm:col-span-6">
        <Button type="submit" disabled={saving} className="w-full sm:w-auto">
          Save
        </Button>
      </div>
    </form>
  );
}
