import { createHash, timingSafeEqual } from "node:crypto";

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * Whether an Authorization header is `Bearer <token>`, compared in constant time over digests, so neither the
 * token's bytes nor its length leak through timing (METRICS_TOKEN, INBOUND_EMAIL_TOKEN).
 */
export function bearerCheck(token: string): (authorization: string | undefined) => boolean {
  const expected = digest(`Bearer ${token}`);
  return (authorization) => timingSafeEqual(digest(authorization ?? ""), expected);
}
