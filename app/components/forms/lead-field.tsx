import { useEffect, useState } from "react";
import { Checkbox } from "~/components/ui/checkbox";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import type { FieldControl } from "../../../leads/catalog.ts";

/** One control of a lead form, as the catalog describes it: label, kind, bounds, helper and error. */
export function LeadField({
  id,
  control,
  required,
  error,
}: {
  /** Unique on the page: the form's id and the control's name. */
  id: string;
  control: FieldControl;
  required: boolean;
  error?: string;
}) {
  return (
    <Field
      id={id}
      name={control.name}
      label={control.label}
      required={required}
      helper={control.helper}
      orientation={control.kind === "checkbox" ? "horizontal" : "vertical"}
      error={error}
      className={control.wide ? "sm:col-span-2" : undefined}
    >
      <Control control={control} />
    </Field>
  );
}

/** The control itself; Field's Slot gives it id, name, required and the aria wiring, passed on last. */
function Control({ control, ...wiring }: { control: FieldControl }) {
  const { kind, autoComplete, maxLength, placeholder } = control;
  switch (kind) {
    case "textarea":
      return <Textarea maxLength={maxLength} {...wiring} />;
    case "select":
      return (
        <Select
          options={control.options ?? []}
          optionLabel={(option) => control.optionLabels?.[option] ?? option}
          placeholder={placeholder}
          autoComplete={autoComplete}
          {...wiring}
        />
      );
    case "checkbox":
      return <Checkbox value={control.value} {...wiring} />;
    case "file":
      return <Input type="file" accept={control.accept} {...wiring} />;
    case "date":
      return <DateInput autoComplete={autoComplete} {...wiring} />;
    default:
      return (
        <Input
          type={kind}
          autoComplete={autoComplete}
          maxLength={maxLength}
          placeholder={placeholder}
          {...wiring}
        />
      );
  }
}

/** A date from the visitor's own today (yyyy-mm-dd), known only in the browser; the pre-rendered page has no min. */
function DateInput(props: React.ComponentProps<"input">) {
  const [today, setToday] = useState<string>();
  useEffect(() => {
    const now = new Date();
    const pad = (value: number) => String(value).padStart(2, "0");
    setToday(`${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`);
  }, []);
  return <Input type="date" min={today} {...props} />;
}
