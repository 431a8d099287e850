import {
  type DatabaseIntrospector,
  type DatabaseMetadataOptions,
  type Kysely,
  PostgresDialect,
  type SchemaMetadata,
  sql,
  type TableMetadata,
} from "kysely";
import { DEFAULT_MIGRATION_LOCK_TABLE, DEFAULT_MIGRATION_TABLE } from "kysely/migration";

/**
 * Kysely's PostgreSQL dialect, its introspection kept to the connection's own schema (current_schema()).
 * Kysely's own introspector reads every schema of the database and calls, for each row, functions that look the
 * schema up by name again (has_schema_privilege, pg_get_serial_sequence): a schema that another session drops
 * while that query runs fails it with `schema "…" does not exist`, naming the other schema. The migrator asks the
 * introspector whether its own tables exist, so opening a store failed whenever any other schema of the same
 * database was being dropped (the tests' schemas, dropped as each test ends; another application's).
 */
export class OwnSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db);
  }
}

interface ColumnRow {
  table_name: string;
  table_kind: string;
  schema_name: string;
  column_name: string;
  not_null: boolean;
  has_default: boolean;
  type_name: string;
  type_schema: string;
  column_comment: string | null;
  serial_sequence: string | null;
}

class OwnSchemaIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>;

  constructor(db: Kysely<unknown>) {
    this.#db = db;
  }

  /** Every schema's name, read from the catalog alone (no function looks a name up again). */
  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`SELECT nspname AS name FROM pg_catalog.pg_namespace`.execute(
      this.#db,
    );
    return rows;
  }

  /** The tables and views of the connection's own schema; the functions run on its rows only. */
  async getTables(options?: DatabaseMetadataOptions): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow>`
      SELECT c.relname AS table_name, c.relkind AS table_kind, ns.nspname AS schema_name,
        a.attname AS column_name, a.attnotnull AS not_null, a.atthasdef AS has_default,
        typ.typname AS type_name, typns.nspname AS type_schema,
        col_description(a.attrelid, a.attnum) AS column_comment,
        pg_get_serial_sequence(format('%I.%I', ns.nspname, c.relname), a.attname) AS serial_sequence
      FROM pg_catalog.pg_attribute a
      JOIN pg_catalog.pg_class c ON c.oid = a.attrelid
      JOIN pg_catalog.pg_namespace ns ON ns.oid = c.relnamespace
      JOIN pg_catalog.pg_type typ ON typ.oid = a.atttypid
      JOIN pg_catalog.pg_namespace typns ON typns.oid = typ.typnamespace
      WHERE ns.nspname = current_schema() AND c.relkind IN ('r', 'v', 'p', 'f')
        AND a.attnum >= 0 AND NOT a.attisdropped
      ORDER BY c.relname, a.attnum`.execute(this.#db);
    const internal = new Set([DEFAULT_MIGRATION_TABLE, DEFAULT_MIGRATION_LOCK_TABLE]);
    const tables = new Map<string, TableMetadata>();
    for (const row of rows) {
      if (!options?.withInternalKyselyTables && internal.has(row.table_name)) continue;
      let table = tables.get(row.table_name);
      if (!table) {
        table = {
          name: row.table_name,
          schema: row.schema_name,
          isView: row.table_kind === "v",
          isForeign: row.table_kind === "f",
          columns: [],
        };
        tables.set(row.table_name, table);
      }
      table.columns.push({
        name: row.column_name,
        dataType: row.type_name,
        dataTypeSchema: row.type_schema,
        isAutoIncrementing: row.serial_sequence !== null,
        isNullable: !row.not_null,
        hasDefaultValue: row.has_default,
        ...(row.column_comment !== null && { comment: row.column_comment }),
      });
    }
    return [...tables.values()];
  }
}
