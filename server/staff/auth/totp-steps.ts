import { createHmac, timingSafeEqual } from "node:crypto";
import { symmetricDecrypt } from "better-auth/crypto";
import type { StaffAuth } from "./auth.ts";

/**
 * Which 30-second step a TOTP code belongs to, so that sign-in can accept each code once (RFC 6238, 5.2): the
 * two-factor plugin only says whether a code is one of the steps it accepts (the current one and one either side,
 * for clock drift), which leaves a code good for about 90 seconds, as often as it is sent.
 */

/** The plugin's TOTP as auth.ts configures it (its defaults): 6 digits, 30-second steps, one step of drift. */
const PERIOD_MS = 30_000;
const DIGITS = 6;
const DRIFT_STEPS = 1;

/** RFC 4226: the code of counter `step` under `key`. */
function hotp(key: Uint8Array, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac("sha1", key).update(counter).digest();
  const offset = (mac.at(-1) ?? 0) & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** DIGITS).padStart(DIGITS, "0");
}

/**
 * The step whose code `code` is, among those the plugin accepts at `at`; the latest when two match (a chance of
 * one in a million), null when none does.
 */
export function stepOfCode(key: Uint8Array, code: string, at: number): number | null {
  if (code.length !== DIGITS) return null;
  const now = Math.floor(at / PERIOD_MS);
  let matched: number | null = null;
  for (let step = now - DRIFT_STEPS; step <= now + DRIFT_STEPS; step++)
    if (timingSafeEqual(Buffer.from(hotp(key, step)), Buffer.from(code))) matched = step;
  return matched;
}

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** RFC 4648 base32, as the plugin keeps a secret it imported (`base32:` and the secret). */
function base32Bytes(text: string): Uint8Array {
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of text.toUpperCase().replace(/=+$/, "")) {
    value = (value << 5) | BASE32.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((value >>> bits) & 0xff);
    }
  }
  return Uint8Array.from(bytes);
}

/** The key the plugin computes codes with from a decrypted secret: its UTF-8 bytes, or an imported one's. */
export const keyOfSecret = (secret: string): Uint8Array =>
  secret.startsWith("base32:")
    ? base32Bytes(secret.slice("base32:".length))
    : new TextEncoder().encode(secret);

/** The account's TOTP key (its secret decrypted), or null when it has none. */
export async function totpKeyOf(auth: StaffAuth, userId: string): Promise<Uint8Array | null> {
  const ctx = await auth.$context;
  const row = await ctx.adapter.findOne<{ secret: string }>({
    model: "twoFactor",
    where: [{ field: "userId", value: userId }],
  });
  return row ? keyOfSecret(await symmetricDecrypt({ key: ctx.secretConfig, data: row.secret })) : null;
}
