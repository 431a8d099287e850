import {
  type ActionFunctionArgs,
  Form,
  type LoaderFunctionArgs,
  redirect,
  useActionData,
  useNavigation,
} from "react-router";
import { Button } from "~/components/ui/button";
import { AuthCard, FormAlert } from "~/staff/components/auth-card";
import { StaffField, StaffInput, TotpCodeInput } from "~/staff/components/controls";
import { StaffApiError, safeNext, staffApi } from "~/staff/lib/api";
import type { StaffHandle } from "~/staff/lib/hooks";
import type { StaffUser } from "~/staff/lib/types";

export const handle: StaffHandle = { title: "Sign in" };

/** Someone already signed in goes straight on. */
export async function loader({ request }: LoaderFunctionArgs) {
  const next = safeNext(new URL(request.url).searchParams.get("next"));
  try {
    await staffApi<{ user: StaffUser }>("/me", { signal: request.signal });
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
    await staffApi("/sign-in", { method: "POST", body });
  } catch (error) {
    if (!(error instanceof StaffApiError)) throw error;
    return { code: error.code, message: error.message, retryAfter: error.retryAfter, email: body.email };
  }
  throw redirect(safeNext(new URL(request.url).searchParams.get("next")));
}

export function HydrateFallback() {
  return <AuthCard title="Sign in">{null}</AuthCard>;
}

function lockoutHint(code: string, retryAfter: number | null): string | null {
  if (code === "locked") return "Ask an admin if you need in sooner.";
  if (code === "rate_limited" && retryAfter)
    return `Wait ${retryAfter < 120 ? `${retryAfter} seconds` : `${Math.ceil(retryAfter / 60)} minutes`} before trying again.`;
  return null;
}

/** Password and a current code from the authenticator, every time. */
export default function SignIn() {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const hint = actionData ? lockoutHint(actionData.code, actionData.retryAfter) : null;
  return (
    <AuthCard title="Sign in" intro="For the company's staff. Accounts are created by an admin.">
      {actionData ? (
        <FormAlert>
          {actionData.message}
          {hint ? ` ${hint}` : ""}
        </FormAlert>
      ) : null}
      <Form method="post" className="flex flex-col gap-5">
        <StaffField name="email" label="E-mail">
          <StaffInput
            type="email"
            required
            autoComplete="username"
            defaultValue={actionData?.email ?? ""}
            autoFocus
          />
        </StaffField>
        <StaffField name="password" label="Password">
          <StaffInput type="password" required autoComplete="current-password" />
        </StaffField>
        <StaffField
          name="code"
          label="Code from your authenticator app"
          helper="6 digits; it changes every 30 seconds."
        >
          <TotpCodeInput />
        </StaffField>
        <Button type="submit" disabled={busy} className="w-full">
          {busy ? "Signing in…" : "Sign in"}
        </Button>
      </Form>
    </AuthCard>
  );
}
