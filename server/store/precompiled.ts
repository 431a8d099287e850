import { type Compilable, CompiledQuery, type QueryResult, type RawBuilder, sql } from "kysely";
import type { LeadDb } from "./database.ts";

/** Where a statement's SQL differs: one compiled template per dialect (an engine's `sql`). */
type DialectKey = object;

/** Stands for one named value while the statement is compiled; never sent to a database. */
class Slot {
  readonly name: string;
  constructor(name: string) {
    this.name = name;
  }
}

/**
 * A statement whose shape never changes, written with Kysely's builder as usual, compiled once per dialect and then
 * run with each call's values. For the lead intake's hot path (a confirmation is one statement per lead), where
 * building and compiling the same query tree again costs more CPU than SQLite takes to run it. Every value the
 * statement binds must come from `value(name)`: compiling one that does not throws, so a literal value cannot be
 * frozen into the template by mistake.
 */
export function precompiled<Values extends Record<string, unknown>>(
  build: (
    db: LeadDb,
    value: <Name extends keyof Values & string>(name: Name) => RawBuilder<Values[Name]>,
  ) => Compilable,
): (db: LeadDb, dialect: DialectKey, values: Values) => Promise<QueryResult<unknown>> {
  const templates = new WeakMap<DialectKey, { sql: string; slots: (keyof Values & string)[] }>();
  const templateFor = (db: LeadDb, dialect: DialectKey) => {
    let template = templates.get(dialect);
    if (!template) {
      const compiled = build(db, (name) => sql`${new Slot(name)}`).compile();
      const slots = compiled.parameters.map((parameter) => {
        if (!(parameter instanceof Slot))
          throw new Error(`a precompiled statement binds a value not given by name: ${compiled.sql}`);
        return parameter.name as keyof Values & string;
      });
      template = { sql: compiled.sql, slots };
      templates.set(dialect, template);
    }
    return template;
  };
  return async (db, dialect, values) => {
    const template = templateFor(db, dialect);
    return db.executeQuery(
      CompiledQuery.raw(
        template.sql,
        template.slots.map((slot) => values[slot]),
      ),
    );
  };
}
