import { ShieldPlus } from "lucide-react";

/** The frame of the signed-out staff pages (sign-in, set-up): one calm card in the middle. */
export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <main className="flex min-h-dvh flex-col items-center bg-surface px-4 py-10 accent-navy sm:py-16">
      <div className="w-full max-w-md rounded-2xl border border-line bg-white p-6 shadow-sm sm:p-8">
        <p className="flex items-center gap-2 text-sm font-semibold text-navy-900">
          <ShieldPlus aria-hidden className="size-6 text-navy-700" />
          Staff
        </p>
        <h1 className="mt-5 text-2xl font-semibold text-ink">{title}</h1>
        {intro ? <div className="mt-2 text-ink-soft">{intro}</div> : null}
        <div className="mt-6">{children}</div>
      </div>
    </main>
  );
}

/** A message above a form: what the server said, read out at once. */
export function FormAlert({ children }: { children: React.ReactNode }) {
  return (
    <p
      role="alert"
      className="mb-4 rounded-lg border border-danger bg-red-50 px-3.5 py-3 text-sm font-medium text-danger"
    >
      {children}
    </p>
  );
}

/** The signed-out pages' HydrateFallbacks, in the entry (routes.tsx): the card, titled, while the page loads. */
export const SignInFallback = () => <AuthCard title="Sign in">{null}</AuthCard>;
export const SetupFallback = () => <AuthCard title="Set up your account">{null}</AuthCard>;
