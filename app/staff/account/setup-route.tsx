import { CircleCheck } from "lucide-react";
import { useState } from "react";
import { Link, type LoaderFunctionArgs, useLoaderData } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { StaffApiError, staffApi } from "~/staff/lib/api";
import type { StaffHandle } from "~/staff/lib/hooks";
import { staffPaths } from "~/staff/lib/staff-paths";
import { PASSWORD_MIN } from "../../../staff/limits.ts";
import { AuthCard, FormAlert } from "./auth-card";
import { AuthenticatorKey } from "./authenticator-key";
import { CodeField } from "./code-field";

export const handle: StaffHandle = { title: "Set up your account" };

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  if (!token) return { token, email: null, invalid: "This page needs the set-up link an admin sent you." };
  try {
    const { email } = await staffApi("setup", { query: { token }, signal: request.signal });
    return { token, email, invalid: null };
  } catch (error) {
    if (error instanceof StaffApiError && error.status !== 0)
      return { token, email: null, invalid: error.message };
    throw error;
  }
}

type Step = { name: "password" } | { name: "enrol"; totpUri: string; secret: string } | { name: "done" };

/** Set-up from the admin's link: a password, then an authenticator (QR code or key) and its first code. */
export default function Setup() {
  const { token, email, invalid } = useLoaderData<typeof loader>();
  const [step, setStep] = useState<Step>({ name: "password" });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (invalid || !email)
    return (
      <AuthCard title="This set-up link does not work">
        <FormAlert>{invalid}</FormAlert>
        <p className="text-ink-soft">
          Set-up links work once, for 24 hours. Ask an admin to send you a new one.
        </p>
      </AuthCard>
    );

  const call = async (run: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await run();
    } catch (failure) {
      if (!(failure instanceof StaffApiError)) throw failure;
      setError(failure.message);
    } finally {
      setBusy(false);
    }
  };

  const choosePassword = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get("password") ?? "");
    void call(async () => {
      const { totpUri, secret } = await staffApi("setupPassword", { body: { token, password } });
      setStep({ name: "enrol", totpUri, secret });
    });
  };

  const confirmCode = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code") ?? "").replace(/\s+/g, "");
    void call(async () => {
      await staffApi("setupConfirm", { body: { token, code } });
      setStep({ name: "done" });
    });
  };

  if (step.name === "done")
    return (
      <AuthCard title="Your account is ready">
        <p role="status" className="flex items-start gap-2 text-ink">
          <CircleCheck aria-hidden className="mt-1 size-5 shrink-0 text-success" />
          Sign in with your e-mail, your password and a code from your authenticator app.
        </p>
        <Link to={staffPaths.signIn} className={buttonVariants({ className: "mt-6 w-full" })}>
          Sign in
        </Link>
      </AuthCard>
    );

  if (step.name === "enrol")
    return (
      <AuthCard
        title="Add your authenticator"
        intro="Scan the code with an authenticator app (Google Authenticator, 1Password, Authy…), then enter the 6-digit code it shows."
      >
        {error ? <FormAlert>{error}</FormAlert> : null}
        <AuthenticatorKey totpUri={step.totpUri} secret={step.secret} />
        <form onSubmit={confirmCode} className="mt-6 flex flex-col gap-5">
          <CodeField />
          <Button type="submit" disabled={busy} className="w-full">
            Confirm and finish
          </Button>
        </form>
      </AuthCard>
    );

  return (
    <AuthCard title="Set up your account" intro={<>Choose a password for {email}.</>}>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <form onSubmit={choosePassword} className="flex flex-col gap-5">
        <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
        <Field
          id="staff-new-password"
          name="password"
          label="New password"
          helper={`At least ${PASSWORD_MIN} characters. Common passwords are refused; a short sentence works well.`}
        >
          <Input type="password" required minLength={PASSWORD_MIN} autoComplete="new-password" />
        </Field>
        <Button type="submit" disabled={busy} className="w-full">
          Continue
        </Button>
      </form>
    </AuthCard>
  );
}
