import { randomBytes } from "node:crypto";
import type { LeadDb } from "../store/database.ts";

const AUTH_SECRET = "better-auth";

/**
 * The key better-auth signs cookies and encrypts TOTP secrets with: 32 random bytes made by the first instance
 * that starts, kept in the database so every instance (and the CLI) uses the same one.
 */
export async function staffAuthSecret(db: LeadDb): Promise<string> {
  await db
    .insertInto("staff_secret")
    .values({ name: AUTH_SECRET, value: randomBytes(32).toString("base64url") })
    .onConflict((conflict) => conflict.column("name").doNothing())
    .execute();
  const row = await db
    .selectFrom("staff_secret")
    .select("value")
    .where("name", "=", AUTH_SECRET)
    .executeTakeFirstOrThrow();
  return row.value;
}
