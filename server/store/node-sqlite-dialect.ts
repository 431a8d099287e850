import type { DatabaseSync, SQLInputValue, StatementSync } from "node:sqlite";
import { setTimeout as sleep } from "node:timers/promises";
import {
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from "kysely";

/** How long one statement may wait, in total, for another process's write lock before it fails. */
export const BUSY_GIVE_UP_MS = 30_000;
const FIRST_BACKOFF_MS = 1;
/** The longest pause between two tries; bulk work pauses this long between its transactions. */
export const MAX_BACKOFF_MS = 20;
const STATEMENT_CACHE_SIZE = 256;

const isBusy = (error: unknown) =>
  error instanceof Error &&
  ((error as { errcode?: number }).errcode === 5 || (error as { errcode?: number }).errcode === 6);

export interface NodeSqliteOptions {
  /**
   * Called after a statement that wrote outside a transaction (better-auth's own statements), before its caller
   * has the result and after the connection is free again: the store makes the write durable there.
   */
  afterAutocommitWrite?: () => Promise<void>;
}

/**
 * Kysely's SQLite dialect over `node:sqlite` (embedded, no native build). Kysely ships no node:sqlite driver
 * and the one npm package for it has no busy handling, so this keeps Kysely's own compiler and adapter and adds
 * ~one connection: statements are prepared once, a transaction holds the connection until it ends (a statement
 * from elsewhere waits its turn rather than landing inside it, as in Kysely's own SQLite driver), transactions
 * `BEGIN IMMEDIATE` (a writer never has to upgrade a read lock), and a statement that finds the database locked
 * by another process waits asynchronously with backoff instead of blocking the event loop in SQLite's busy
 * handler.
 */
export class NodeSqliteDialect implements Dialect {
  readonly #db: DatabaseSync;
  readonly #options: NodeSqliteOptions;

  constructor(db: DatabaseSync, options: NodeSqliteOptions = {}) {
    this.#db = db;
    this.#options = options;
  }

  createDriver(): Driver {
    return new NodeSqliteDriver(this.#db, this.#options);
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}

/** One holder at a time, the others queued in order (Kysely's own SQLite driver has the same, unexported). */
class ConnectionMutex {
  #held: Promise<void> | undefined;
  #release: (() => void) | undefined;

  async lock() {
    while (this.#held) await this.#held;
    const { promise, resolve } = Promise.withResolvers<void>();
    this.#held = promise;
    this.#release = resolve;
  }

  unlock() {
    const release = this.#release;
    this.#held = undefined;
    this.#release = undefined;
    release?.();
  }
}

class NodeSqliteDriver implements Driver {
  readonly #connection: NodeSqliteConnection;
  readonly #db: DatabaseSync;
  readonly #options: NodeSqliteOptions;
  readonly #mutex = new ConnectionMutex();

  constructor(db: DatabaseSync, options: NodeSqliteOptions) {
    this.#db = db;
    this.#options = options;
    this.#connection = new NodeSqliteConnection(db);
  }

  async init() {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#mutex.lock();
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw("BEGIN IMMEDIATE"));
  }

  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw("COMMIT"));
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    // SQLite may already have rolled back (an I/O error, a full disk): nothing is left to undo.
    if (this.#db.isTransaction) await connection.executeQuery(CompiledQuery.raw("ROLLBACK"));
  }

  async releaseConnection() {
    const wrote = this.#connection.takeAutocommitWrite();
    this.#mutex.unlock();
    if (wrote) await this.#options.afterAutocommitWrite?.();
  }

  async destroy() {
    if (this.#db.isOpen) this.#db.close();
  }
}

/** A prepared statement, and whether it returns rows (asked once: `columns()` builds an array per call). */
interface Prepared {
  statement: StatementSync;
  returnsRows: boolean;
}

/** The statements that write, when they return rows (RETURNING) and so report no count of changes. */
const WRITE_KINDS = new Set(["InsertQueryNode", "UpdateQueryNode", "DeleteQueryNode"]);

class NodeSqliteConnection implements DatabaseConnection {
  readonly #db: DatabaseSync;
  readonly #statements = new Map<string, Prepared>();
  #autocommitWrite = false;

  /** Whether a statement wrote outside a transaction since the last call. */
  takeAutocommitWrite(): boolean {
    const wrote = this.#autocommitWrite;
    this.#autocommitWrite = false;
    return wrote;
  }

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  #prepare(text: string): Prepared {
    let prepared = this.#statements.get(text);
    if (!prepared) {
      if (this.#statements.size >= STATEMENT_CACHE_SIZE) this.#statements.clear();
      const statement = this.#db.prepare(text);
      prepared = { statement, returnsRows: statement.columns().length > 0 };
      this.#statements.set(text, prepared);
    }
    return prepared;
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const parameters = compiled.parameters as SQLInputValue[];
    let backoff = FIRST_BACKOFF_MS;
    const giveUpAt = performance.now() + BUSY_GIVE_UP_MS;
    for (;;) {
      try {
        const { statement, returnsRows } = this.#prepare(compiled.sql);
        const autocommit = !this.#db.isTransaction;
        if (returnsRows) {
          const rows = statement.all(...parameters) as R[];
          if (autocommit && WRITE_KINDS.has(compiled.query.kind)) this.#autocommitWrite = true;
          return { rows };
        }
        const { changes } = statement.run(...parameters);
        if (autocommit && !this.#db.isTransaction && Number(changes) > 0) this.#autocommitWrite = true;
        return { rows: [], numAffectedRows: BigInt(changes) };
      } catch (error) {
        // SQLITE_BUSY / SQLITE_LOCKED: the statement did nothing; wait without blocking and run it again.
        if (!isBusy(error) || performance.now() >= giveUpAt) throw error;
        await sleep(backoff);
        backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
      }
    }
  }

  // biome-ignore lint/correctness/useYield: the store reads whole results; streaming is not offered.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error("Streaming is not supported by the node:sqlite dialect.");
  }
}
