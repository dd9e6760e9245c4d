import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './client.js';

/**
 * The hot statements of a request, built once per database handle and sent as named prepared
 * statements: building a statement's SQL anew took about a quarter of the driver's and the
 * ORM's time per request, and PostgreSQL parsing and planning it again a good part of its own
 * (docs/PERFORMANCE.md). Only fixed-shape statements qualify: their values are placeholders
 * (`sql.placeholder(...)`), never interpolated. A statement whose best plan depends on its
 * values (a bounded nearest-first walk) stays unprepared, since PostgreSQL may switch a
 * prepared one to a generic plan after five runs.
 *
 * Keyed by the handle, as each app (and each test) has its own; node-postgres prepares a name
 * once on each pooled connection, the embedded database runs the same text each time.
 */
export function preparedPerDatabase<T>(build: (db: Database) => T): (db: Database) => T {
  const built = new WeakMap<Database, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}

/**
 * A query built once (Drizzle keeps its SQL text and how to map its rows) but sent unnamed each
 * time, with `sql.placeholder(...)` for its values: PostgreSQL then plans every run for its own
 * values, where a named prepared statement may switch to one generic plan after five runs. For
 * a statement whose best plan depends on its values (a search's words and position) and whose
 * building costs a good part of a request (a wide select).
 */
export function builtOnce<Prepared>(query: { prepare(name: string): Prepared }): Prepared {
  // No name, as Drizzle's own execute() prepares a query it runs once; its type asks for one.
  return query.prepare(undefined as unknown as string);
}

/**
 * Statements of many shapes (an order and page size, a search's filters), each built on first
 * use and kept per database handle as preparedPerDatabase keeps one. At most `kept` per handle:
 * requests that try every page size and filter cannot fill memory, and a shape dropped then is
 * built again when next asked (a named statement under the same name and text).
 */
export function preparedPerShape<Statement>(
  kept: number,
): (db: Database, shape: string, build: () => Statement) => Statement {
  const perDatabase = preparedPerDatabase(() => new Map<string, Statement>());
  return (db, shape, build) => {
    const statements = perDatabase(db);
    let statement = statements.get(shape);
    if (statement === undefined) {
      if (statements.size >= kept) statements.clear();
      statement = build();
      statements.set(shape, statement);
    }
    return statement;
  };
}

const dialect = new PgDialect();

export type PreparedSql<Row> = { execute(values: Record<string, unknown>): Promise<Row[]> };

/**
 * A raw statement (one the query builder cannot say, such as a data-modifying CTE) prepared
 * under a name, with `sql.placeholder(...)` for its values. Answers its rows as objects.
 */
export function prepareSql<Row>(db: Database, name: string, query: SQL): PreparedSql<Row> {
  return rowsStatement(db, name, query);
}

/** A raw statement built once and sent unnamed each time (see builtOnce), answering objects. */
export function builtOnceSql<Row>(db: Database, query: SQL): PreparedSql<Row> {
  return rowsStatement(db, undefined, query);
}

function rowsStatement<Row>(db: Database, name: string | undefined, query: SQL): PreparedSql<Row> {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  return {
    async execute(values) {
      const result = (await prepared.execute(values)) as { rows: Row[] };
      return result.rows;
    },
  };
}
