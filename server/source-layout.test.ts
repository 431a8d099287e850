import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { codeFiles, importNamesOf, importsOf } from "../test-support/import-graph.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
/** The source folders: where no import cycle and no long source file may appear. */
const FOLDERS = ["app", "server", "staff", "leads", "config", "scripts", "bench", "test-support"];
/** What the browser builds import: the server and the contracts never import from it. */
const BROWSER_ONLY = "app";
const MAX_LINES = 300;

/** Test files, and the harnesses and fakes the tests share (test-support/, app's test/ folders). */
const isTest = (file: string) =>
  /\.test\.tsx?$/.test(file) ||
  file.split(path.sep).some((part) => part === "test" || part === "test-support");
/** Copy and numbers, one typed module per page, may run long (STYLE.md). */
const isContent = (file: string) => file.startsWith(`app${path.sep}content${path.sep}`);

const files = FOLDERS.flatMap((folder) => codeFiles(path.join(ROOT, folder)));

const known = new Set(files);

/** Each file's imports (type-only and dynamic ones too) that land on another file of the set, read once. */
let graphRead: Map<string, string[]> | undefined;
function importGraph(): Map<string, string[]> {
  graphRead ??= new Map(
    files.map((file) => [file, importsOf(ROOT, file).filter((target) => known.has(target))]),
  );
  return graphRead;
}

const inFolder = (file: string, folder: string) => path.relative(ROOT, file).split(path.sep)[0] === folder;

/** The import graph by paths from the root, as `server/store/engine.ts`. */
const relativeGraph = (graph: Map<string, string[]>) =>
  new Map(
    [...graph].map(([file, targets]) => [
      path.relative(ROOT, file).split(path.sep).join("/"),
      targets.map((target) => path.relative(ROOT, target).split(path.sep).join("/")),
    ]),
  );

/** A rule on imports: the files it covers (never a test), and which of our files they may import. */
interface ImportRule {
  covers(file: string): boolean;
  mayImport(target: string): boolean;
}

/** Each import against the rule, as "file -> target". */
const importsAgainst = (graph: Map<string, string[]>, rule: ImportRule) =>
  [...graph]
    .filter(([file]) => rule.covers(file) && !isTest(file))
    .flatMap(([file, targets]) =>
      targets.filter((target) => !rule.mayImport(target)).map((target) => `${file} -> ${target}`),
    );

const STORE = "server/store/";
const MIGRATIONS = "server/store/migrations/";
/**
 * What the store may import from outside itself: the contracts below it (decision 023), leads/ (a lead's forms,
 * source fields, resume kinds and person keys, which its rows are typed and keyed by) and staff/ (the roles'
 * forms, the workflow's statuses, the history's actions, the limits its queries apply). config/ it does not need.
 */
const BELOW_STORE = ["leads/", "staff/"];
/** The modules of one database: its engine, and SQLite's Kysely dialect over node:sqlite. */
const DIALECT_MODULES = [
  "server/store/node-sqlite-dialect.ts",
  "server/store/sqlite-engine.ts",
  "server/store/postgres-engine.ts",
];
/**
 * The store's modules that may import one: the dialect modules themselves, store.ts (it opens the engine the
 * configuration asks for) and backup.ts (SQLite's file backup and restore). Every other one is engine-neutral.
 */
const OF_ONE_DATABASE = [...DIALECT_MODULES, "server/store/store.ts", "server/store/backup.ts"];

/** The store at the bottom: it imports nothing of ours above it (server/leads, server/mail, server/calendar...). */
const STORE_AT_THE_BOTTOM: ImportRule = {
  covers: (file) => file.startsWith(STORE),
  mayImport: (target) => [STORE, ...BELOW_STORE].some((folder) => target.startsWith(folder)),
};
/** Query modules, migrations and the store's vocabulary work on either database. */
const ENGINE_NEUTRAL: ImportRule = {
  covers: (file) => file.startsWith(STORE) && !OF_ONE_DATABASE.includes(file),
  mayImport: (target) => !DIALECT_MODULES.includes(target),
};
/** Migrations are frozen: they keep the code they run, so a later change elsewhere cannot change what they do. */
const FROZEN_MIGRATIONS: ImportRule = {
  covers: (file) => file.startsWith(MIGRATIONS),
  mayImport: (target) => target.startsWith(MIGRATIONS),
};

/** Groups of files that import each other, directly or round about (Tarjan's strongly connected components). */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file) ?? 0, index.get(target) ?? 0));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member);
      group.push(member);
      if (member === file) break;
    }
    if (group.length > 1 || (graph.get(file) ?? []).includes(file)) found.push(group.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

/**
 * The unit a file belongs to, for "no two folders import each other": a top-level folder (staff/, leads/...),
 * a feature folder of server/ or app/ with its subfolders (server/relay/channels counts as server/relay), a
 * feature of the staff side (server/staff/inbox, app/staff/inbox). server/config.ts, read by every feature, is
 * its own unit; the other files at server/'s root are the process, which starts every feature.
 */
function unitOf(file: string): string {
  const parts = file.split("/");
  const [top = "", second = ""] = parts;
  if (parts.length === 2) {
    if (file === "server/config.ts") return "server/config.ts";
    return top === "server" ? "server (the process)" : top;
  }
  if (!["server", "app"].includes(top)) return top;
  if (second === "staff" && parts.length > 3) return parts.slice(0, 3).join("/");
  return `${top}/${second}`;
}

/** Groups of units that import each other, directly or round about, each as "a <-> b <-> c". */
function foldersImportingEachOther(graph: Map<string, string[]>): string[] {
  const units = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    if (isTest(file)) continue;
    const from = unitOf(file);
    const imported = units.get(from) ?? new Set<string>();
    units.set(from, imported);
    for (const target of targets)
      if (!isTest(target) && unitOf(target) !== from) imported.add(unitOf(target));
  }
  const unitGraph = new Map([...units].map(([unit, imported]) => [unit, [...imported]]));
  return cycles(unitGraph)
    .map((group) => group.join(" <-> "))
    .sort();
}

/** "issue 28", "issues 27 and 28", "#28": a tracker that is not in the repository, so the reader cannot follow it. */
const ISSUE_CITATION = /\bissues? #?\d+|(?<![\w&])#\d{1,4}(?![\w])/i;

/** Each line of `text` that cites an issue, as "file:line". */
const issueCitations = (file: string, text: string) =>
  text.split("\n").flatMap((line, index) => (ISSUE_CITATION.test(line) ? [`${file}:${index + 1}`] : []));

/** Folders the README's "Where things live" must name: the top level's, and each feature folder of the app and server. */
const DESCRIBED_PARENTS = ["", "app/", "app/staff/", "server/", "server/staff/", "tests/"];

/** The folders under `parents` (as "server/http/") that no line of the README's layout block starts with. */
function foldersMissingFrom(readme: string, folders: string[]): string[] {
  const section = readme.split("## Where things live")[1]?.split("\n## ")[0] ?? "";
  const block = section.split("```")[1] ?? "";
  const named = new Set(block.split("\n").map((line) => line.trim().split(/\s/)[0]));
  return folders.filter((folder) => !named.has(folder));
}

/** The folders git tracks under each of DESCRIBED_PARENTS (so a local build or test report is left out). */
function foldersToDescribe(): string[] {
  const tracked = execFileSync("git", ["ls-files"], { cwd: ROOT, encoding: "utf8" }).split("\n");
  const folders = new Set<string>();
  for (const file of tracked) {
    for (const parent of DESCRIBED_PARENTS) {
      if (!file.startsWith(parent)) continue;
      const [name, ...rest] = file.slice(parent.length).split("/");
      if (rest.length > 0 && name && !name.startsWith(".")) folders.add(`${parent}${name}/`);
    }
  }
  return [...folders].sort();
}

/**
 * What is wrong with how an app/ file names one import, if anything. One style (decision 023's layout): a module
 * elsewhere in app/ by the `~/` alias, one in the file's own folder as `./name`, both without an extension (Vite
 * resolves them); a module outside app/ (the contracts in config/, leads/, staff/, which Node runs too) by its
 * relative path with its extension, as Node needs it named. React Router's generated types stay `./+types/x`.
 */
function importStyleProblem(file: string, name: string): string | undefined {
  if (!/^[.~]/.test(name) || name.startsWith("./+types/")) return undefined;
  const target = name.startsWith("~/")
    ? path.posix.join("app", name.slice(2))
    : path.posix.join(path.posix.dirname(file), name);
  const script = /\.tsx?$/.test(name);
  if (!target.startsWith("app/")) {
    return name.startsWith(".") && script ? undefined : "outside app/: a relative path with its extension";
  }
  if (script) return "in app/: no extension";
  if (path.posix.dirname(target) === path.posix.dirname(file)) {
    return name === `./${path.posix.basename(target)}` ? undefined : "in its own folder: ./name";
  }
  return name.startsWith("~/") ? undefined : "elsewhere in app/: ~/path";
}

describe("the source layout", () => {
  it("has no import cycle in app/, server/, staff/, leads/, config/, scripts/, bench/ or test-support/", () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(300);
    // The alias resolves: the app's files import each other through `~/`.
    expect(graph.get(path.join(ROOT, "app/root.tsx"))?.length).toBeGreaterThan(3);
    expect(cycles(graph).map((group) => group.map((file) => path.relative(ROOT, file)))).toEqual([]);
  });

  it("keeps server/, staff/, leads/ and config/ free of imports from app/", () => {
    const graph = importGraph();
    const wrongWay = [...graph]
      .filter(([file]) => ["server", "staff", "leads", "config"].some((folder) => inFolder(file, folder)))
      .flatMap(([file, targets]) =>
        targets
          .filter((target) => inFolder(target, BROWSER_ONLY))
          .map((target) => `${path.relative(ROOT, file)} -> ${path.relative(ROOT, target)}`),
      );
    expect(wrongWay).toEqual([]);
  });

  it("finds a cycle when there is one (the check itself)", () => {
    const graph = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts"]],
      ["d.ts", ["a.ts"]],
    ]);
    expect(cycles(graph).map((group) => group.map((file) => path.basename(file)))).toEqual([
      ["a.ts", "b.ts", "c.ts"],
    ]);
  });

  it("keeps the store at the bottom: it imports of ours only itself, leads/ and staff/", () => {
    expect(importsAgainst(relativeGraph(importGraph()), STORE_AT_THE_BOTTOM)).toEqual([]);
  });

  it("keeps the store's engine-neutral modules free of the dialect modules", () => {
    expect(importsAgainst(relativeGraph(importGraph()), ENGINE_NEUTRAL)).toEqual([]);
  });

  it("keeps migrations frozen: they import nothing of ours outside server/store/migrations/", () => {
    expect(importsAgainst(relativeGraph(importGraph()), FROZEN_MIGRATIONS)).toEqual([]);
  });

  it("finds an import against each direction when there is one (the checks themselves)", () => {
    const graph = new Map([
      [
        "server/store/queries/intake.ts",
        ["server/leads/person-keys.ts", "leads/catalog.ts", "server/store/ids.ts"],
      ],
      ["server/store/queries/inbound.ts", ["server/mail/inbound-message.ts", "staff/roles.ts"]],
      ["server/store/engine.ts", ["server/store/node-sqlite-dialect.ts", "server/store/store-records.ts"]],
      ["server/store/store.ts", ["server/store/sqlite-engine.ts", "server/store/postgres-engine.ts"]],
      ["server/store/migrations/010-response-clocks.ts", ["server/calendar/business-calendar.ts"]],
      [
        "server/store/migrations/009-conversation.ts",
        ["server/store/store-records.ts", "server/store/migrations/backfill.ts"],
      ],
      ["server/store/migrations/index.ts", ["server/store/migrations/009-conversation.ts"]],
      ["server/store/lead-store.test.ts", ["server/test/lease.ts", "server/store/sqlite-engine.ts"]],
      ["server/leads/lead-api.ts", ["server/calendar/response-clock.ts", "server/store/sqlite-engine.ts"]],
    ]);
    expect(importsAgainst(graph, STORE_AT_THE_BOTTOM)).toEqual([
      "server/store/queries/intake.ts -> server/leads/person-keys.ts",
      "server/store/queries/inbound.ts -> server/mail/inbound-message.ts",
      "server/store/migrations/010-response-clocks.ts -> server/calendar/business-calendar.ts",
    ]);
    expect(importsAgainst(graph, ENGINE_NEUTRAL)).toEqual([
      "server/store/engine.ts -> server/store/node-sqlite-dialect.ts",
    ]);
    expect(importsAgainst(graph, FROZEN_MIGRATIONS)).toEqual([
      "server/store/migrations/010-response-clocks.ts -> server/calendar/business-calendar.ts",
      "server/store/migrations/009-conversation.ts -> server/store/store-records.ts",
    ]);
  });

  it("has no folders that import each other, directly or round about: each imports the ones below it", () => {
    expect(foldersImportingEachOther(relativeGraph(importGraph()))).toEqual([]);
  });

  it("finds folders that import each other (the check itself)", () => {
    const graph = new Map([
      ["server/staff/auth/auth-handlers.ts", ["server/staff/api/endpoint-mount.ts"]],
      ["server/staff/api/endpoint-mount.ts", ["server/staff/auth/session.ts"]],
      ["server/relay/outbox-worker.ts", ["server/relay/channels/webhook.ts"]],
      ["server/relay/channels/webhook.ts", ["server/relay/backoff.ts", "server/config.ts"]],
      ["server/config.ts", ["leads/forms.ts"]],
      ["server/server.ts", ["server/relay/outbox-worker.ts", "server/config.ts"]],
      ["app/components/forms/lead-form.tsx", ["app/lib/cn.ts"]],
      ["app/lib/cn.ts", ["app/components/forms/use-lead-form.ts"]],
      ["server/http/access-log.ts", ["server/leads/client-address.ts"]],
      ["server/leads/lead-api.ts", ["server/mail/confirmation-plan.ts"]],
      ["server/mail/inbound-api.ts", ["server/http/bearer-token.ts"]],
      ["server/http/app.ts", ["server/http/app.test.ts"]],
      ["server/http/app.test.ts", ["server/metrics/metrics.ts"]],
    ]);
    expect(foldersImportingEachOther(graph)).toEqual([
      "app/components <-> app/lib",
      "server/http <-> server/leads <-> server/mail",
      "server/staff/api <-> server/staff/auth",
    ]);
  });

  it("has no comment that cites an issue number: a comment says what and why in words", () => {
    const readerFacing = ["README.md", "docs/staff-guide.md", "deploy/Caddyfile", ".ci/run"];
    const sources = [...FOLDERS, "tests", "deploy"].flatMap((folder) => codeFiles(path.join(ROOT, folder)));
    const cited = [
      ...sources.filter((file) => file !== fileURLToPath(import.meta.url)),
      ...readerFacing.map((file) => path.join(ROOT, file)),
    ].flatMap((file) => issueCitations(path.relative(ROOT, file), readFileSync(file, "utf8")));
    expect(sources.length).toBeGreaterThan(400);
    expect(cited).toEqual([]);
  });

  it("finds a citation of an issue (the check itself)", () => {
    const text = [
      "// The response clock (issue 28) starts at intake.",
      "/** Views (issues 27 and 28). */",
      "// see #31",
      "const colour = '#123456';",
      "const entity = '&#8212;';",
      "// Tissue 4 is not an issue.",
    ].join("\n");
    expect(issueCitations("a.ts", text)).toEqual(["a.ts:1", "a.ts:2", "a.ts:3"]);
  });

  it('has every source folder in the README\'s "Where things live"', () => {
    const folders = foldersToDescribe();
    expect(folders).toEqual(expect.arrayContaining(["server/staff/inbox/", "app/staff/lead/", "staff/"]));
    expect(foldersMissingFrom(readFileSync(path.join(ROOT, "README.md"), "utf8"), folders)).toEqual([]);
  });

  it("finds a folder the README leaves out (the check itself)", () => {
    const readme = [
      "## Where things live",
      "```",
      "server/http/   the request edge",
      "server/staff/inbox/  the inbox",
      "```",
      "server/mail/ is only mentioned in prose",
      "## Configuration",
      "```",
      "server/relay/  outside the section",
      "```",
    ].join("\n");
    const folders = ["server/http/", "server/staff/inbox/", "server/mail/", "server/relay/"];
    expect(foldersMissingFrom(readme, folders)).toEqual(["server/mail/", "server/relay/"]);
  });

  it("names every import in app/ one way: ~/ from another folder, ./ from its own, the contracts by file", () => {
    const problems = files
      .map((file) => path.relative(ROOT, file).split(path.sep).join("/"))
      .filter((file) => file.startsWith("app/"))
      .flatMap((file) =>
        importNamesOf(path.join(ROOT, file)).map((fileName) => ({
          file,
          fileName,
          problem: importStyleProblem(file, fileName),
        })),
      )
      .filter(({ problem }) => problem !== undefined);
    expect(problems).toEqual([]);
  });

  it("finds an import in another style (the check itself)", () => {
    const file = "app/staff/inbox/inbox-route.tsx";
    const kept = [
      "react",
      "~/staff/lib/api",
      "./filter-bar",
      "~/components/ui/button",
      "../../../staff/api.ts",
    ];
    expect(kept.map((name) => importStyleProblem(file, name))).toEqual(kept.map(() => undefined));
    const others = [
      "../lib/api",
      "~/staff/lib/api.ts",
      "./filter-bar.tsx",
      "~/staff/inbox/filter-bar",
      "../inbox/filter-bar",
      "./parts/row",
      "../../../staff/api",
      "~/../staff/api.ts",
    ];
    expect(others.filter((name) => importStyleProblem(file, name) === undefined)).toEqual([]);
    expect(importStyleProblem("app/routes/home.tsx", "./+types/home")).toBeUndefined();
  });

  it(`keeps every source file outside the tests and app/content at ${MAX_LINES} lines or fewer`, () => {
    const long = files
      .filter((file) => !isTest(path.relative(ROOT, file)) && !isContent(path.relative(ROOT, file)))
      .map((file) => ({
        file: path.relative(ROOT, file),
        lines: readFileSync(file, "utf8").split("\n").length - 1,
      }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(long).toEqual([]);
  });
});
