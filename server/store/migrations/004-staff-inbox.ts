import { type CreateTableBuilder, type Kysely, type RawBuilder, sql } from "kysely";
import type { StoreDialect } from "./dialect.ts";

/**
 * The staff inbox (decision 015). better-auth's tables exactly as its `getMigrations` plans them for
 * our configuration (server/staff/auth/auth.ts: the staff_* model names, the two-factor plugin, our user fields),
 * so the library's schema check passes; then our own: set-up links, each lead's work state, notes, history
 * and the audit log, and each lead's work state and search text on its row. Lead ids are uuid on PostgreSQL; staff ids are better-auth's random strings.
 */
/** The lead fields a staff search looks in (as the staff labels had them when this was written). */
const SEARCHED = ["name", "firstName", "lastName", "email", "phone", "company", "facility", "organization"];

export function staffInbox(dialect: StoreDialect) {
  const pg = dialect === "postgres";
  const leadId = pg ? "uuid" : "text";
  const millis = pg ? "bigint" : "integer";
  const bool = pg ? "boolean" : "integer";
  const date = pg ? "timestamptz" : "date";
  /** better-auth's created-at columns: PostgreSQL gives them a default, SQLite does not. */
  const createdAt = <T extends string>(table: CreateTableBuilder<T>, name = "createdAt") =>
    table.addColumn(name, date, (column) =>
      (pg ? column.defaultTo(sql`CURRENT_TIMESTAMP`) : column).notNull(),
    );
  const staffUser = (column: string) => (table: CreateTableBuilder<string>) =>
    table.addColumn(column, "text", (c) => c.notNull().references("staff_user.id").onDelete("cascade"));

  return {
    async up(db: Kysely<unknown>) {
      let user = db.schema
        .createTable("staff_user")
        .addColumn("id", "text", (c) => c.notNull().primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("email", "text", (c) => c.notNull().unique())
        .addColumn("emailVerified", bool, (c) => c.notNull())
        .addColumn("image", "text");
      user = createdAt(user);
      user = createdAt(user, "updatedAt");
      await user
        .addColumn("twoFactorEnabled", bool)
        .addColumn("role", "text", (c) => c.notNull())
        .addColumn("disabled", bool)
        .addColumn("failedSignIns", "integer")
        .addColumn("lockedUntil", date)
        .execute();

      let session = db.schema
        .createTable("staff_session")
        .addColumn("id", "text", (c) => c.notNull().primaryKey())
        .addColumn("expiresAt", date, (c) => c.notNull())
        .addColumn("token", "text", (c) => c.notNull().unique());
      session = createdAt(session);
      await session
        .addColumn("updatedAt", date, (c) => c.notNull())
        .addColumn("ipAddress", "text")
        .addColumn("userAgent", "text")
        .$call(staffUser("userId"))
        .execute();

      let account = db.schema
        .createTable("staff_account")
        .addColumn("id", "text", (c) => c.notNull().primaryKey())
        .addColumn("accountId", "text", (c) => c.notNull())
        .addColumn("providerId", "text", (c) => c.notNull())
        .$call(staffUser("userId"))
        .addColumn("accessToken", "text")
        .addColumn("refreshToken", "text")
        .addColumn("idToken", "text")
        .addColumn("accessTokenExpiresAt", date)
        .addColumn("refreshTokenExpiresAt", date)
        .addColumn("scope", "text")
        .addColumn("password", "text");
      account = createdAt(account);
      await account.addColumn("updatedAt", date, (c) => c.notNull()).execute();

      let verification = db.schema
        .createTable("staff_verification")
        .addColumn("id", "text", (c) => c.notNull().primaryKey())
        .addColumn("identifier", "text", (c) => c.notNull())
        .addColumn("value", "text", (c) => c.notNull())
        .addColumn("expiresAt", date, (c) => c.notNull());
      verification = createdAt(verification);
      verification = createdAt(verification, "updatedAt");
      await verification.execute();

      await db.schema
        .createTable("staff_two_factor")
        .addColumn("id", "text", (c) => c.notNull().primaryKey())
        .addColumn("secret", "text", (c) => c.notNull())
        .addColumn("backupCodes", "text", (c) => c.notNull())
        .$call(staffUser("userId"))
        .addColumn("verified", bool)
        .addColumn("failedVerificationCount", "integer")
        .addColumn("lockedUntil", date)
        .execute();

      await db.schema.createIndex("staff_session_userId_idx").on("staff_session").column("userId").execute();
      await db.schema.createIndex("staff_account_userId_idx").on("staff_account").column("userId").execute();
      await db.schema
        .createIndex("staff_verification_identifier_idx")
        .on("staff_verification")
        .column("identifier")
        .execute();
      await db.schema
        .createIndex("staff_two_factor_secret_idx")
        .on("staff_two_factor")
        .column("secret")
        .execute();
      await db.schema
        .createIndex("staff_two_factor_userId_idx")
        .on("staff_two_factor")
        .column("userId")
        .execute();

      // The key better-auth signs cookies and encrypts TOTP secrets with, made once (openStaffAuth, server/staff/auth/auth.ts).
      await db.schema
        .createTable("staff_secret")
        .addColumn("name", "text", (c) => c.primaryKey())
        .addColumn("value", "text", (c) => c.notNull())
        .execute();

      // Set-up links: only the SHA-256 of the token is kept; single use, 24 h.
      await db.schema
        .createTable("staff_setup_tokens")
        .addColumn("token_hash", "text", (c) => c.primaryKey())
        .$call(staffUser("user_id"))
        .addColumn("created_at", millis, (c) => c.notNull())
        .addColumn("expires_at", millis, (c) => c.notNull())
        .addColumn("used_at", millis)
        // The enrolment session's cookie between choosing the password and the first code (never sent out).
        .addColumn("enrol_cookie", "text")
        .execute();
      await db.schema
        .createIndex("staff_setup_tokens_by_user")
        .on("staff_setup_tokens")
        .column("user_id")
        .execute();

      // Each lead's work state lives on its row, so the inbox filters and counts one table: status (every
      // workflow starts at New), assignee (a staff id; staff are disabled, never deleted), first opened.
      await db.schema
        .alterTable("leads")
        .addColumn("status", "text", (c) => c.notNull().defaultTo("New"))
        .execute();
      await db.schema.alterTable("leads").addColumn("assignee_id", "text").execute();
      await db.schema.alterTable("leads").addColumn("first_opened_at", millis).execute();
      // What a search looks in, lower-cased once per lead rather than parsed from JSON on every search.
      const searched = (value: (name: string) => RawBuilder<string>) =>
        sql`lower(${sql.join(
          SEARCHED.map((name) => sql`coalesce(${value(name)}, '')`),
          sql` || ' ' || `,
        )})`;
      if (pg) {
        await db.schema
          .alterTable("leads")
          .addColumn("search_text", "text", (c) =>
            c.generatedAlwaysAs(searched((name) => sql<string>`fields->>${sql.lit(name)}`)).stored(),
          )
          .execute();
      } else {
        await db.schema.alterTable("leads").addColumn("search_text", "text").execute();
        const fromJson = (row: string) => (name: string) =>
          sql<string>`json_extract(${sql.raw(row)}.fields, ${sql.lit(`$.${name}`)})`;
        await sql`CREATE TRIGGER leads_search_text AFTER INSERT ON leads BEGIN
          UPDATE leads SET search_text = ${searched(fromJson("NEW"))} WHERE id = NEW.id;
        END`.execute(db);
        await sql`UPDATE leads SET search_text = ${searched(fromJson("leads"))}`.execute(db);
      }
      // The inbox's counts and filters read this index alone: one scan, grouped by form and status. SQLite also
      // searches it; PostgreSQL's index-only scan wants it narrow (it searches the table).
      await db.schema
        .createIndex("leads_inbox")
        .on("leads")
        .columns(["form_id", "status", "state", "created_at", ...(pg ? [] : ["search_text"])])
        .execute();

      await db.schema
        .createTable("lead_notes")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("lead_id", leadId, (c) => c.notNull().references("leads.id").onDelete("cascade"))
        .addColumn("author_id", "text", (c) => c.references("staff_user.id").onDelete("set null"))
        .addColumn("text", "text", (c) => c.notNull())
        .addColumn("created_at", millis, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("lead_notes_by_lead")
        .on("lead_notes")
        .columns(["lead_id", "created_at"])
        .execute();

      await db.schema
        .createTable("lead_history")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("lead_id", leadId, (c) => c.notNull().references("leads.id").onDelete("cascade"))
        .addColumn("actor_id", "text", (c) => c.references("staff_user.id").onDelete("set null"))
        .addColumn("action", "text", (c) => c.notNull())
        .addColumn("from_value", "text")
        .addColumn("to_value", "text")
        .addColumn("at", millis, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("lead_history_by_lead")
        .on("lead_history")
        .columns(["lead_id", "at"])
        .execute();

      // Who did what and when, with ids only: no foreign keys, so entries outlive erased leads.
      await db.schema
        .createTable("staff_audit")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("at", millis, (c) => c.notNull())
        .addColumn("actor_id", "text")
        .addColumn("action", "text", (c) => c.notNull())
        .addColumn("lead_id", "text")
        .addColumn("detail", "text")
        .execute();
      await db.schema.createIndex("staff_audit_by_time").on("staff_audit").columns(["at", "id"]).execute();

      // The inbox's page: newest first, ties broken by id, read from the end of this index.
      await db.schema.createIndex("leads_newest").on("leads").columns(["created_at", "id"]).execute();
      // ... and one form's newest (a recruiter's inbox) from this one.
      await db.schema
        .createIndex("leads_by_form_newest")
        .on("leads")
        .columns(["form_id", "created_at", "id"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex("leads_by_form_newest").execute();
      await db.schema.dropIndex("leads_newest").execute();
      await db.schema.dropIndex("leads_inbox").execute();
      if (!pg) await sql`DROP TRIGGER leads_search_text`.execute(db);
      for (const column of ["search_text", "first_opened_at", "assignee_id", "status"])
        await db.schema.alterTable("leads").dropColumn(column).execute();
      for (const table of [
        "staff_audit",
        "lead_history",
        "lead_notes",
        "staff_setup_tokens",
        "staff_secret",
        "staff_two_factor",
        "staff_verification",
        "staff_account",
        "staff_session",
        "staff_user",
      ])
        await db.schema.dropTable(table).execute();
    },
  };
}
