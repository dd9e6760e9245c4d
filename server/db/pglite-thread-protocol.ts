/**
 * The messages between the main thread and the worker thread that owns the embedded database
 * (pglite-thread.ts and pglite-worker.ts). Types only: both sides import it.
 */

/** What the worker opens: a folder, a dump (tests), or an empty database in memory. */
export type PgliteWorkerData = { dataDir?: string | undefined; dump?: ArrayBuffer | undefined };

export type QueryRequest = {
  op: 'query';
  id: number;
  /** The open transaction the statement belongs to; none: it waits for the database's turn. */
  tx?: number | undefined;
  sql: string;
  params: unknown[];
  rowMode: 'array' | 'object';
  /**
   * Types whose values stay as PostgreSQL's text. Parsers are functions and cannot cross
   * threads; the ones Drizzle passes are all identities that keep the text (timestamps,
   * intervals, dates and their arrays), so their type ids are all the worker needs.
   */
  textTypes: number[];
};

export type WorkerRequest =
  | QueryRequest
  | { op: 'exec'; id: number; tx?: number | undefined; sql: string }
  | { op: 'begin'; id: number }
  | { op: 'end'; id: number; tx: number; commit: boolean }
  | { op: 'listen'; id: number; channel: string }
  | { op: 'unlisten'; id: number; listener: number }
  | { op: 'close'; id: number };

/** A database error's own fields (code, detail, constraint…): Error's own properties do not cross threads. */
export type WorkerError = {
  name: string;
  message: string;
  fields: Record<string, string | number | undefined>;
};

export type WorkerReply =
  | { op: 'ready' }
  | { op: 'failed'; error: WorkerError }
  | { op: 'reply'; id: number; ok: true; value: unknown }
  | { op: 'reply'; id: number; ok: false; error: WorkerError }
  | { op: 'notification'; listener: number; payload: string };
