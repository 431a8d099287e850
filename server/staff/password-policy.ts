import { dictionary } from "@zxcvbn-ts/language-common";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./auth.ts";

/** zxcvbn-ts's list of the most common passwords (about 49,000), compared without case. */
const COMMON = new Set((dictionary["passwords-common"] as string[]).map((word) => word.toLowerCase()));

/** Why a password is refused, in words for the person choosing it; null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  if (COMMON.has(password.toLowerCase()))
    return "This is one of the most common passwords. Choose one that is not.";
  return null;
}
