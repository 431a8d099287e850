/**
 * The databases the migrations are written for, and so the ones the store runs on (store-records.ts names it for
 * the store). Defined here, beside the migrations, so they import nothing from the store above them.
 */
export type StoreDialect = "sqlite" | "postgres";
