import type pg from 'pg';

/** One statement as it was sent to PostgreSQL; `prepared` when it went as a named prepared statement. */
export type SentStatement = { text: string; values: unknown[]; prepared: boolean };

type QueryConfig = { text: string; values?: unknown[]; name?: string };

/**
 * Hands `onStatement` every statement the pool is sent, as it is sent. For what measures a
 * request in round trips (server/test/test-app.ts makeStatementCountingApp, bench/capture.ts);
 * the running app never records.
 */
export function recordStatements(pool: pg.Pool, onStatement: (statement: SentStatement) => void): void {
  const query = pool.query.bind(pool) as (config: unknown, values?: unknown) => Promise<unknown>;
  // Drizzle sends a { text } object with the values beside it (and a name when prepared); plain
  // text is recorded too.
  (pool as { query: unknown }).query = (config: string | QueryConfig, values?: unknown[]) => {
    const text = typeof config === 'string' ? config : config.text;
    const configValues = typeof config === 'string' ? undefined : config.values;
    const prepared = typeof config !== 'string' && config.name !== undefined;
    onStatement({ text, values: configValues ?? values ?? [], prepared });
    return query(config, values);
  };
}
