import type { Expression, KyselyPlugin, RawBuilder } from "kysely";
import type { LimitFunction } from "p-limit";
import type { LeadDb } from "./database.ts";
import type { LeadRow } from "./database-rows.ts";
import type { NewLead, StoreDialect } from "./store-records.ts";

/** Rows per transaction in bulk work (purge, retry --dead, erasure, exports), so no writer waits on one for long. */
export const BULK_BATCH = 500;

export type Work<T> = (trx: LeadDb) => Promise<T>;

/**
 * Where one database keeps resumes: SQLite as files under DATA_DIR/resumes, PostgreSQL in `lead_files` so
 * every instance can read them.
 */
export interface ResumeKeeper {
  /** Where a lead's resume lives, as shown to the operator. */
  locationOf(row: Pick<LeadRow, "id" | "resume_kind">): string | null;
  /**
   * Before the lead's transaction. SQLite moves the resume into place (the file must be durable before the row
   * that names it); PostgreSQL reads its bytes, outside the transaction.
   */
  beforeAccept(lead: NewLead): Promise<Uint8Array | null>;
  /** Holds back applications while too many resumes are in memory (PostgreSQL, decision 019); none when absent. */
  limit?: LimitFunction;
  /** In the lead's transaction: PostgreSQL stores the bytes beforeAccept read. */
  keep(trx: LeadDb, leadId: string, content: Uint8Array | null): Promise<void>;
  /** After the transaction: `created` tells whether the lead was committed. */
  afterAccept(lead: NewLead, created: boolean): Promise<void>;
  read(db: LeadDb, leadId: string): Promise<Blob | null>;
  /** Removes the files of deleted leads; returns how many there were. */
  remove(rows: { id: string; resume_kind: string | null }[]): Promise<number>;
}

/**
 * The SQL one database needs and the other does not, in one place per engine (sqlite-engine.ts,
 * postgres-engine.ts), each with its reason; every query module is written once over these.
 */
export interface DialectSql {
  /** A fresh random lease token. */
  newToken: Expression<string>;
  /** Row locks (`FOR UPDATE`) in a claim and when a lead's state settles. */
  rowLocks: boolean;
  /** One field of a lead's JSON (the lead aliased `l`), as text. */
  leadField(name: string): RawBuilder<string>;
  /** The field names of a lead's JSON (the lead aliased `l`) as a table to join as `j`, and its name column. */
  fieldKeys: { table: RawBuilder<unknown>; key: RawBuilder<string> };
  /** What names a lead inside a search's subquery (the lead aliased `l`). */
  rowKey: RawBuilder<string>;
  /**
   * Holds, until the transaction ends, every other transaction that decides by the same key (the confirmations'
   * limits): a statement to run first, or null where transactions never run side by side.
   */
  serialiseOn(key: string): RawBuilder<unknown> | null;
}

/** The one connection to the lead database, which every query module of the store works on. */
export interface Engine {
  readonly dialect: StoreDialect;
  /**
   * Reads, and better-auth's own statements: on SQLite one connection, whose statements take turns with the
   * store's transactions (never inside one); on PostgreSQL a pool.
   */
  readonly db: LeadDb;
  /**
   * Runs `work` in a transaction of its own and resolves once it is durable. SQLite group-commits it with the
   * writes queued beside it (each in a savepoint) and syncs the WAL off the event loop (decision 018).
   */
  write<T>(work: Work<T>): Promise<T>;
  readonly sql: DialectSql;
  readonly resumes: ResumeKeeper;
  /**
   * Refreshes the query planner's statistics where they are stale (SQLite's `PRAGMA optimize`; PostgreSQL's
   * autovacuum does this by itself). Without them SQLite sorts a whole role's leads for the inbox's first page
   * instead of reading the newest from an index.
   */
  refreshStatistics(): Promise<void>;
  /**
   * Between two bulk transactions (purge, retry --dead, erasure): lets a writer in another process that waits for
   * the database take its turn.
   */
  yieldToOtherWriters(): Promise<void>;
  close(): Promise<void>;
}

/** The message every call gets once the store is closed. */
const CLOSED = "The lead store is closed.";

/**
 * The engine the query modules are given: once `close()` is called, every read and write fails with one clear
 * message (a Kysely plugin sees every query built on `db`), and the engine closes once.
 */
export function closable(engine: Engine): Engine {
  let closed = false;
  const guard: KyselyPlugin = {
    transformQuery({ node }) {
      if (closed) throw new Error(CLOSED);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return {
    ...engine,
    db: engine.db.withPlugin(guard),
    write: (work) => (closed ? Promise.reject(new Error(CLOSED)) : engine.write(work)),
    async close() {
      if (closed) return;
      closed = true;
      await engine.close();
    },
  };
}

/** A count as either database returns it (PostgreSQL's BIGINT is read as a number, SQLite's as one already). */
export const countOf = (value: number | string | bigint | null | undefined) => Number(value ?? 0);
