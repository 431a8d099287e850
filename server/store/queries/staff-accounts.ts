import { sql } from "kysely";
import type { Engine } from "../engine.ts";

/** A better-auth flag: 0/1 on SQLite, a boolean on PostgreSQL. */
export const truthy = (value: boolean | number | null | undefined) => value === true || value === 1;

/**
 * The staff accounts' own rows beside better-auth's (which writes users, sessions and passwords through its
 * adapter on the same connection): the set-up links, the failed sign-in count, the last TOTP step used, the
 * second factor's removal, and the key better-auth signs with.
 */
export function staffAccountQueries(engine: Engine) {
  const { db, write } = engine;
  return {
    /** The value kept under `name`, storing `candidate` first if there is none (the first instance's wins). */
    async secret(name: string, candidate: string) {
      await write((trx) =>
        trx
          .insertInto("staff_secret")
          .values({ name, value: candidate })
          .onConflict((conflict) => conflict.column("name").doNothing())
          .execute(),
      );
      const row = await db
        .selectFrom("staff_secret")
        .select("value")
        .where("name", "=", name)
        .executeTakeFirstOrThrow();
      return row.value;
    },

    /** The person's own settings ("My settings"); undefined when they never changed one (the defaults hold). */
    settingsOf: (userId: string) =>
      db
        .selectFrom("staff_settings")
        .select("assignment_emails")
        .where("user_id", "=", userId)
        .executeTakeFirst(),

    /** Stores the person's settings, returning those they replace (undefined: the defaults held). */
    saveSettings: (userId: string, settings: { assignmentEmails: boolean }) =>
      write(async (trx) => {
        const before = await trx
          .selectFrom("staff_settings")
          .select("assignment_emails")
          .where("user_id", "=", userId)
          .executeTakeFirst();
        const values = {
          assignment_emails:
            engine.dialect === "postgres" ? settings.assignmentEmails : Number(settings.assignmentEmails),
        };
        await trx
          .insertInto("staff_settings")
          .values({ user_id: userId, ...values })
          .onConflict((conflict) => conflict.column("user_id").doUpdateSet(values))
          .execute();
        return before;
      }),

    /** Every account, by e-mail. */
    async members() {
      const rows = await db
        .selectFrom("staff_user")
        .select(["id", "email", "name", "role", "disabled", "twoFactorEnabled"])
        .orderBy("email")
        .execute();
      return rows.map((row) => ({
        id: row.id,
        email: row.email,
        name: row.name,
        role: row.role,
        disabled: truthy(row.disabled),
        enrolled: truthy(row.twoFactorEnabled),
      }));
    },

    /** A new set-up link's token (by its hash), which replaces every earlier one of the person. */
    issueSetupToken: (userId: string, tokenHash: string, at: number, expiresAt: number) =>
      write(async (trx) => {
        await trx
          .updateTable("staff_setup_tokens")
          .set({ used_at: at })
          .where("user_id", "=", userId)
          .where("used_at", "is", null)
          .execute();
        await trx
          .insertInto("staff_setup_tokens")
          .values({ token_hash: tokenHash, user_id: userId, created_at: at, expires_at: expiresAt })
          .execute();
      }),

    /** Ends every set-up link of the person. */
    endSetupTokens: (userId: string, at: number) =>
      write((trx) =>
        trx
          .updateTable("staff_setup_tokens")
          .set({ used_at: at })
          .where("user_id", "=", userId)
          .where("used_at", "is", null)
          .execute(),
      ),

    /** The person a live (unused, unexpired) set-up token belongs to, with its enrolment session if any. */
    liveSetupToken: (tokenHash: string, now: number) =>
      db
        .selectFrom("staff_setup_tokens as t")
        .innerJoin("staff_user as u", "u.id", "t.user_id")
        .select(["t.token_hash", "t.enrol_cookie", "u.id", "u.email", "u.disabled"])
        .where("t.token_hash", "=", tokenHash)
        .where("t.used_at", "is", null)
        .where("t.expires_at", ">", now)
        .executeTakeFirst(),

    /** Keeps the enrolment session's cookie with the link until the first code confirms it. */
    setEnrolCookie: (tokenHash: string, cookie: string) =>
      write((trx) =>
        trx
          .updateTable("staff_setup_tokens")
          .set({ enrol_cookie: cookie })
          .where("token_hash", "=", tokenHash)
          .execute(),
      ),

    /** Uses the link up; false if it was used already (by a concurrent confirmation). */
    consumeSetupToken: (tokenHash: string, at: number) =>
      write(async (trx) => {
        const consumed = await trx
          .updateTable("staff_setup_tokens")
          .set({ used_at: at, enrol_cookie: null })
          .where("token_hash", "=", tokenHash)
          .where("used_at", "is", null)
          .executeTakeFirst();
        return Number(consumed.numUpdatedRows) === 1;
      }),

    /**
     * Takes `step` as the person's latest TOTP step, if it is later than the one they last signed in with; false
     * when it is not (the code was used, or one after it). One statement, so of two instances racing with one
     * code exactly one wins.
     */
    claimTotpStep: (userId: string, step: number) =>
      write(async (trx) => {
        const claimed = await trx
          .insertInto("staff_totp_steps")
          .values({ user_id: userId, step })
          .onConflict((conflict) =>
            conflict
              .column("user_id")
              .doUpdateSet({ step: (eb) => eb.ref("excluded.step") })
              .where("staff_totp_steps.step", "<", step),
          )
          .returning("user_id")
          .executeTakeFirst();
        return claimed !== undefined;
      }),

    /** Removes the person's authenticator and password: only a new set-up lets them in again. */
    removeCredentials: (userId: string) =>
      write(async (trx) => {
        await trx.deleteFrom("staff_two_factor").where("userId", "=", userId).execute();
        // A new authenticator's codes start afresh.
        await trx.deleteFrom("staff_totp_steps").where("user_id", "=", userId).execute();
        await trx.updateTable("staff_account").set({ password: null }).where("userId", "=", userId).execute();
      }),

    /** Counts one more failed sign-in in a row; returns the count. */
    countFailedSignIn: (userId: string) =>
      write(async (trx) => {
        const counted = await trx
          .updateTable("staff_user")
          .set((eb) => ({ failedSignIns: sql<number>`coalesce(${eb.ref("failedSignIns")}, 0) + 1` }))
          .where("id", "=", userId)
          .returning("failedSignIns")
          .executeTakeFirst();
        return Number(counted?.failedSignIns ?? 0);
      }),
  };
}

export type StaffAccountRows = ReturnType<typeof staffAccountQueries>;
