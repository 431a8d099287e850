import {
  type ActionFunctionArgs,
  Form,
  type LoaderFunctionArgs,
  redirect,
  useActionData,
  useNavigation,
} from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { StaffApiError, staffApi } from "~/staff/lib/api";
import type { StaffHandle } from "~/staff/lib/hooks";
import { safeNext } from "~/staff/lib/staff-paths";
import { AuthCard, FormAlert } from "./auth-card";
import { CodeField } from "./code-field";

export const handle: StaffHandle = { title: "Sign in" };

/** Someone already signed in goes straight on. */
export async function loader({ request }: LoaderFunctionArgs) {
  const next = safeNext(new URL(request.url).searchParams.get("next"));
  try {
    await staffApi("me", { signal: request.signal });
  } catch (error) {
    if (error instanceof StaffApiError) return null;
    throw error;
  }
  throw redirect(next);
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const body = {
    email: String(form.get("email") ?? "").trim(),
    password: String(form.get("password") ?? ""),
    code: String(form.get("code") ?? "").replace(/\s+/g, ""),
  };
  try {
    await staffApi("signIn", { body });
  } catch (error) {
    if (!(error instanceof StaffApiError)) throw error;
    return { code: error.code, message: error.message, retryAfter: error.retryAfter, email: body.email };
  }
  throw redirect(safeNext(new URL(request.url).searchParams.get("next")));
}

function lockoutHint(code: string, retryAfter: number | null): string | null {
  if (code === "locked") return "Ask an admin if you need in sooner.";
  if (code === "rate_limited" && retryAfter)
    return `Wait ${retryAfter < 120 ? `${retryAfter} seconds` : `${Math.ceil(retryAfter / 60)} minutes`} before trying again.`;
  return null;
}

/** Password and a current code from the authenticator, every time. */
export default function SignIn() {
  const refused = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const hint = refused ? lockoutHint(refused.code, refused.retryAfter) : null;
  return (
    <AuthCard title="Sign in" intro="For the company's staff. Accounts are created by an admin.">
      {refused ? (
        <FormAlert>
          {refused.message}
          {hint ? ` ${hint}` : ""}
        </FormAlert>
      ) : null}
      <Form method="post" className="flex flex-col gap-5">
        <Field id="staff-email" name="email" label="E-mail">
          <Input
            type="email"
            required
            autoComplete="username"
            defaultValue={refused?.email ?? ""}
            autoFocus
          />
        </Field>
        <Field id="staff-password" name="password" label="Password">
          <Input type="password" required autoComplete="current-password" />
        </Field>
        <CodeField helper="6 digits; it changes every 30 seconds." />
        <Button type="submit" disabled={busy} className="w-full">
          {busy ? "Signing in…" : "Sign in"}
        </Button>
      </Form>
    </AuthCard>
  );
}
