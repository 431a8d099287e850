import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";

/** The 6-digit code from an authenticator app (set-up and sign-in): numeric keypad, one-time-code autofill. */
export function CodeField({ helper }: { helper?: React.ReactNode }) {
  return (
    <Field id="staff-code" name="code" label="Code from your authenticator app" helper={helper}>
      <Input
        required
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="\s*\d{3}\s*\d{3}\s*"
        maxLength={7}
        className="tracking-widest"
      />
    </Field>
  );
}
