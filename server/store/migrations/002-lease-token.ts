import type { Kysely } from "kysely";

/** Fences outcome writes: claimDue hands each delivery a token, and only its holder may record the result. */
export const leaseToken = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("outbox").addColumn("lease_token", "text").execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("outbox").dropColumn("lease_token").execute();
  },
};
