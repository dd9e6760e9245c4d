import type { Database } from './client.js';

/**
 * A database handle or an open transaction: what queries and the code that composes them take,
 * so the same function runs on its own or inside a caller's transaction.
 */
export type Executor = Pick<
  Database,
  'select' | 'selectDistinctOn' | 'insert' | 'update' | 'delete' | 'execute'
>;
