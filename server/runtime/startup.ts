import path from "node:path";

/** What start-up was doing, with what the operator configured for it. */
export type StartupStage =
  | { kind: "config" }
  | { kind: "site"; buildDir: string }
  | { kind: "data-dir"; dataDir: string }
  | { kind: "database"; dataDir: string; databaseUrl: string | undefined }
  | { kind: "listen"; port: number; host: string };

/** A start-up failure already explained in one line: the cause, and the variable or command that fixes it. */
export class StartupFailure extends Error {
  override name = "StartupFailure";
}

interface ErrorFacts {
  code: string | undefined;
  message: string;
  /** SQLite's primary result code (node:sqlite sets `errcode`). */
  sqlite: number | undefined;
}

function factsOf(error: unknown): ErrorFacts {
  if (!(error instanceof Error)) return { code: undefined, message: String(error), sqlite: undefined };
  const { code, errcode } = error as Error & { code?: unknown; errcode?: unknown };
  return {
    code: typeof code === "string" ? code : undefined,
    message: error.message.split("\n")[0] ?? "",
    sqlite: typeof errcode === "number" ? errcode & 0xff : undefined,
  };
}

/** Host, port and database of a connection string; never its user's password. */
export function describeDatabaseUrl(databaseUrl: string): { where: string; host: string; user: string } {
  const url = URL.parse(databaseUrl);
  if (!url) return { where: "(unparsable URL)", host: "", user: "" };
  const host = url.hostname || "localhost";
  return {
    where: `${host}:${url.port || "5432"}${url.pathname}`,
    host,
    user: decodeURIComponent(url.username),
  };
}

const DISK_FULL = new Set(["ENOSPC", "EDQUOT"]);
const NOT_PERMITTED = new Set(["EACCES", "EPERM"]);
const SQLITE = { BUSY: 5, READONLY: 8, IOERR: 10, CORRUPT: 11, FULL: 13, CANTOPEN: 14, NOTADB: 26 };

function dataDirProblem(dataDir: string, facts: ErrorFacts): string {
  const { code } = facts;
  if (code && DISK_FULL.has(code))
    return `DATA_DIR ${dataDir} is on a full disk (${code}): free some space or set DATA_DIR to a directory on another disk`;
  if (code && NOT_PERMITTED.has(code))
    return `DATA_DIR ${dataDir} is not writable by this user (${code}): fix its permissions or set DATA_DIR to a writable directory`;
  if (code === "EROFS")
    return `DATA_DIR ${dataDir} is on a read-only file system (EROFS): set DATA_DIR to a writable directory`;
  if (code === "ENOENT" || code === "ENOTDIR" || code === "EEXIST")
    return `DATA_DIR ${dataDir} cannot be created here (${code}): set DATA_DIR to a writable directory`;
  return `DATA_DIR ${dataDir} is not usable (${code ?? facts.message}): set DATA_DIR to a writable directory`;
}

function sqliteProblem(dataDir: string, facts: ErrorFacts): string {
  const file = path.join(dataDir, "leads.db");
  switch (facts.sqlite) {
    case SQLITE.FULL:
      return dataDirProblem(dataDir, { ...facts, code: "ENOSPC" });
    case SQLITE.READONLY:
    case SQLITE.CANTOPEN:
      return `The SQLite store ${file} cannot be opened for writing (${facts.message}): fix the permissions of DATA_DIR or set DATA_DIR`;
    case SQLITE.CORRUPT:
    case SQLITE.NOTADB:
      return `The SQLite store ${file} is damaged (${facts.message}): restore a backup with \`npm run leads -- restore <dir>\` into an empty DATA_DIR`;
    case SQLITE.BUSY:
      return `The SQLite store ${file} is locked by another process (${facts.message}): stop it, or give this server its own DATA_DIR`;
    default:
      return facts.code && facts.code !== "ERR_SQLITE_ERROR"
        ? dataDirProblem(dataDir, facts)
        : `The SQLite store ${file} cannot be opened (${facts.message}): check DATA_DIR`;
  }
}

function postgresProblem(databaseUrl: string, facts: ErrorFacts): string {
  const { where, host, user } = describeDatabaseUrl(databaseUrl);
  switch (facts.code) {
    case "ECONNREFUSED":
      return `DATABASE_URL: nothing accepts connections at ${where} (ECONNREFUSED): start PostgreSQL or fix DATABASE_URL`;
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return `DATABASE_URL: the host "${host}" is unknown (${facts.code}): fix the host in DATABASE_URL`;
    case "ETIMEDOUT":
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return `DATABASE_URL: ${where} cannot be reached (${facts.code}): check the network or fix DATABASE_URL`;
    case "28P01":
    case "28000":
      return `DATABASE_URL: PostgreSQL at ${where} refused the user "${user}" (${facts.message}): fix the user or password in DATABASE_URL`;
    case "3D000":
      return `DATABASE_URL: ${facts.message} at ${where}: create it (createdb) or fix the database name in DATABASE_URL`;
    case "42501":
      return `DATABASE_URL: the user "${user}" may not create the lead tables at ${where} (${facts.message}): grant it CREATE or fix DATABASE_URL`;
  }
  if (/timeout/i.test(facts.message))
    return `DATABASE_URL: no answer from PostgreSQL at ${where} in time (${facts.message}): check that it runs, or fix DATABASE_URL`;
  return `DATABASE_URL: cannot open the lead store at ${where} (${facts.code ?? facts.message}): check DATABASE_URL`;
}

function listenProblem(port: number, host: string, facts: ErrorFacts): string {
  switch (facts.code) {
    case "EADDRINUSE":
      return `PORT ${port} is in use: stop the other server or set PORT`;
    case "EACCES":
    case "EPERM":
      return `PORT ${port} needs more privileges than this user has (${facts.code}): set PORT to 1024 or above (a proxy can serve port 80)`;
    case "EADDRNOTAVAIL":
      return `HOST ${host} is not an address of this machine (EADDRNOTAVAIL): set HOST (0.0.0.0 listens everywhere)`;
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return `HOST ${host} is not a known host name (${facts.code}): set HOST to an address of this machine`;
  }
  return `Cannot listen on ${host}:${port} (${facts.code ?? facts.message}): check PORT and HOST`;
}

/** One line for the operator: what failed, why, and which variable or command fixes it. */
export function explainStartupFailure(stage: StartupStage, error: unknown): string {
  if (error instanceof StartupFailure) return error.message;
  const facts = factsOf(error);
  switch (stage.kind) {
    case "config":
      return `${facts.message}: fix the variable in the environment (see README, Configuration)`;
    case "site":
      return facts.code === "ENOENT"
        ? `BUILD_DIR ${stage.buildDir} holds no built site: run \`npm run build\` (\`npm start\` builds when needed) or set BUILD_DIR`
        : `BUILD_DIR ${stage.buildDir} cannot be read (${facts.code ?? facts.message}): run \`npm run build\` or set BUILD_DIR`;
    case "data-dir":
      return dataDirProblem(stage.dataDir, facts);
    case "database":
      return stage.databaseUrl
        ? postgresProblem(stage.databaseUrl, facts)
        : sqliteProblem(stage.dataDir, facts);
    case "listen":
      return listenProblem(stage.port, stage.host, facts);
  }
}

function doing(stage: StartupStage): string {
  switch (stage.kind) {
    case "config":
      return "reading the configuration";
    case "site":
      return `loading the site from BUILD_DIR ${stage.buildDir}`;
    case "data-dir":
      return `preparing DATA_DIR ${stage.dataDir}: check DATA_DIR (a stuck network mount?)`;
    case "database":
      return stage.databaseUrl
        ? `connecting to PostgreSQL at ${describeDatabaseUrl(stage.databaseUrl).where}: check that it answers, or fix DATABASE_URL`
        : `opening the SQLite store in DATA_DIR ${stage.dataDir}: is another process holding it?`;
    case "listen":
      return `starting to listen on PORT ${stage.port}: check PORT and HOST`;
  }
}

/** Steps that wait on the outside world (disks, PostgreSQL, DNS) and so could wait for ever. */
const CAN_HANG = new Set<StartupStage["kind"]>(["data-dir", "database", "listen"]);

/**
 * Runs the start-up steps. A step that throws becomes a StartupFailure with its one-line explanation; a
 * step that waits on the outside world and is still running after `deadlineMs` calls `onTimeout` with a
 * line naming it, so start-up never hangs silently. Reading the configuration and the built site are
 * bounded local work (compressing a large build can take seconds on a busy machine) and are not timed.
 */
export function beginStartup(options: { deadlineMs: number; onTimeout: (line: string) => void }) {
  return {
    async step<T>(stage: StartupStage, run: () => T | Promise<T>): Promise<T> {
      const timer = CAN_HANG.has(stage.kind)
        ? setTimeout(
            () =>
              options.onTimeout(
                `Start-up did not finish within ${Math.round(options.deadlineMs / 1000)} s while ${doing(stage)}`,
              ),
            options.deadlineMs,
          )
        : undefined;
      try {
        return await run();
      } catch (error) {
        throw new StartupFailure(explainStartupFailure(stage, error));
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** The line printed when start-up fails: explained failures as they are, anything else without its stack. */
export function startupFailureLine(error: unknown): string {
  if (error instanceof StartupFailure) return error.message;
  const facts = factsOf(error);
  return `Start-up failed: ${facts.code ? `${facts.code} ` : ""}${facts.message}`;
}

/** The first line for a person: where to open the site and where the leads are kept. */
export function servingLine(options: {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
}): string {
  const { host, port } = options;
  const shown = host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
  const store = options.databaseUrl
    ? `PostgreSQL at ${describeDatabaseUrl(options.databaseUrl).where}`
    : `SQLite at ${path.join(options.dataDir, "leads.db")}`;
  return `serving http://${shown}:${port}/ with leads stored in ${store}`;
}
