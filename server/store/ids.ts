import { randomUUID } from "node:crypto";

/**
 * A new row id: a UUIDv7 (RFC 9562), whose leading 48 bits are the time in milliseconds (decision 018). New
 * rows then land at the end of the primary-key and foreign-key indexes instead of on a random page of each, so a
 * group commit writes a few pages of the WAL rather than one per index per lead. Ids are names, never secrets:
 * every read of a lead checks the caller's session and role.
 *
 * Built from Node's pooled `randomUUID()` (a v4: its variant bits are v7's too) with the time and version
 * written over it, which keeps 74 random bits. The `uuid` package's v7 asks the CSPRNG for 16 bytes per id,
 * which showed in the server's CPU profile under `npm run bench:leads` (decision 018 has the share).
 */
export function newId(now = Date.now()): string {
  const random = randomUUID();
  const time = now.toString(16).padStart(12, "0");
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${random.slice(15)}`;
}
