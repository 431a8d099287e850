export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

let common: Promise<Set<string>> | undefined;

/**
 * zxcvbn-ts's list of the most common passwords (about 49,000), compared without case. Loaded on the first
 * password chosen, not at start-up: the set is large in memory (decision 015 has the size), and the web
 * process otherwise never needs it.
 */
const commonPasswords = () =>
  (common ??= import("@zxcvbn-ts/language-common").then(
    ({ dictionary }) =>
      new Set((dictionary["passwords-common"] as string[]).map((word) => word.toLowerCase())),
  ));

/** Why a password is refused, in words for the person choosing it; null when it is acceptable. */
export async function passwordProblem(password: string): Promise<string | null> {
  if ([...password].length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  if ((await commonPasswords()).has(password.toLowerCase()))
    return "This is one of the most common passwords. Choose one that is not.";
  return null;
}
