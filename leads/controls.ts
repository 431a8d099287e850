/**
 * The vocabulary of a lead form's controls (catalog.ts gives each form its own): what a control is, the bounds the
 * browser and the API share, and the controls every form words the same way.
 */

/** Bounds shared by the browser and the API, so both refuse the same input with the same words. */
export const LIMITS = {
  name: 100,
  email: 254,
  phone: 40,
  organization: 200,
  short: 100,
  message: 5000,
} as const;

/** One control of a form as a person meets it: its label, its kind, and what the browser bounds and offers. */
export interface FieldControl<Name extends string = string> {
  name: Name;
  label: string;
  kind: "text" | "email" | "tel" | "date" | "textarea" | "select" | "checkbox" | "file";
  autoComplete?: string;
  maxLength?: number;
  placeholder?: string;
  /** A hint under the control, read out with it. */
  helper?: string;
  /** A select's options (their values), and what a person reads for each when it differs. */
  options?: readonly string[];
  optionLabels?: Readonly<Record<string, string>>;
  /** A file input's accepted types; a checkbox's posted value. */
  accept?: string;
  value?: string;
  /** Takes the whole row of the two-column grid from 640 px. */
  wide?: boolean;
}

// The controls every form words the same way (a form may relabel one: `{ ...nameControl, label: "Your Name" }`).
export const nameControl = {
  name: "name",
  label: "Name",
  kind: "text",
  autoComplete: "name",
  maxLength: LIMITS.name,
} as const;
export const emailControl = (label: string, placeholder: string) =>
  ({
    name: "email",
    label,
    kind: "email",
    autoComplete: "email",
    maxLength: LIMITS.email,
    placeholder,
  }) as const;
export const phoneControl = {
  name: "phone",
  label: "Phone",
  kind: "tel",
  autoComplete: "tel",
  maxLength: LIMITS.phone,
} as const;
export const organizationControl = <const Name extends string>(name: Name, label: string) =>
  ({ name, label, kind: "text", autoComplete: "organization", maxLength: LIMITS.organization }) as const;
export const messageControl = (helper: string) =>
  ({
    name: "message",
    label: "Message",
    kind: "textarea",
    maxLength: LIMITS.message,
    helper,
    wide: true,
  }) as const;
