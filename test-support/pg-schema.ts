import { randomUUID } from "node:crypto";
import pg from "pg";

export interface TestSchema {
  /** DATABASE_URL with the schema first on the search path: the store, the limiter and the staff tables land there. */
  url: string;
  name: string;
  /** Drops the schema and everything in it. */
  drop(): Promise<void>;
}

/** The URL with `schema` as its connections' search path. */
export function withSearchPath(url: string, schema: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set("options", `-c search_path=${schema}`);
  return parsed.toString();
}

/** A schema of its own on the PostgreSQL that `baseUrl` names, so runs in parallel never see each other's rows. */
export async function createTestSchema(baseUrl: string, prefix = "test"): Promise<TestSchema> {
  const name = `${prefix}_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE SCHEMA ${name}`);
  } finally {
    await admin.end();
  }
  return {
    url: withSearchPath(baseUrl, name),
    name,
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        await client.query(`DROP SCHEMA IF EXISTS ${name} CASCADE`);
      } finally {
        await client.end();
      }
    },
  };
}
