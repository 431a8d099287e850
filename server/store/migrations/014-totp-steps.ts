import type { Kysely } from "kysely";
import type { StoreDialect } from "./dialect.ts";

/**
 * The last TOTP time step each account signed in with (server/staff/auth/sign-in.ts): a code is accepted once, so a
 * sign-in's code must be of a later step than this. One row per account, written by an insert-or-update that
 * only moves it forward, so two instances signing in with one code cannot both win.
 */
export function totpSteps(dialect: StoreDialect) {
  const step = dialect === "postgres" ? "bigint" : "integer";
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("staff_totp_steps")
        .addColumn("user_id", "text", (c) => c.primaryKey().references("staff_user.id").onDelete("cascade"))
        .addColumn("step", step, (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("staff_totp_steps").execute();
    },
  };
}
