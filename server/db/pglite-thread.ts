import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import type { PgliteWorkerData, WorkerError, WorkerReply, WorkerRequest } from './pglite-thread-protocol.js';

/** What the app asks of the embedded database inside a transaction: Drizzle's pglite session uses these. */
export type EmbeddedTransaction = {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
};

/** The embedded database as the app uses it, on this thread (tests) or on its own (the server). */
export type EmbeddedClient = EmbeddedTransaction & {
  transaction<T>(callback: (tx: EmbeddedTransaction) => Promise<T>): Promise<T>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  readonly closed: boolean;
  close(): Promise<void>;
};

/**
 * Code 08006 (connection_failure): a statement the stopped worker can no longer answer is
 * "database unavailable" to the app (503), as a lost PostgreSQL connection is.
 */
const WORKER_STOPPED = { code: '08006', message: 'The embedded database stopped' } as const;

function errorFrom({ name, message, fields }: WorkerError): Error {
  const error = new Error(message);
  error.name = name;
  return Object.assign(error, fields);
}

/**
 * The worker's entry: compiled beside this file, or (development and tests, which run the
 * TypeScript source) the source, through tsx's loader registered inside the new thread.
 */
function startWorker(data: PgliteWorkerData): Worker {
  const compiled = new URL('./pglite-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(compiled))) return new Worker(compiled, { workerData: data });
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const source = new URL('./pglite-worker.ts', import.meta.url).href;
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then(({ register }) => { register(); return import(${JSON.stringify(source)}); });`;
  return new Worker(bootstrap, { eval: true, workerData: data });
}

/**
 * PGlite in a worker thread (pglite-worker.ts), behind the same calls as PGlite itself. The
 * worker keeps the process alive only while a statement or a transaction is in flight, so a
 * script that forgot to close the database still ends, and one awaiting an answer does not.
 */
export class PgliteThread implements EmbeddedClient {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  readonly #listeners = new Map<number, (payload: string) => void>();
  #nextId = 1;
  #openTransactions = 0;
  #closed = false;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (message: WorkerReply) => this.#receive(message));
    worker.on('error', (error) => this.#stopped(error));
    worker.on('exit', () => this.#stopped());
    worker.unref();
  }

  /** Starts the worker and waits until the database is open there (or failed to open). */
  static async open(data: PgliteWorkerData): Promise<PgliteThread> {
    const worker = startWorker(data);
    let onMessage: (message: WorkerReply) => void = () => {};
    let onExit: (code: number) => void = () => {};
    try {
      await new Promise<void>((ready, failed) => {
        onMessage = (message) => {
          if (message.op === 'ready') ready();
          if (message.op === 'failed') failed(errorFrom(message.error));
        };
        onExit = (code) => failed(new Error(`The embedded database's thread exited (${code})`));
        worker.on('message', onMessage).on('error', failed).on('exit', onExit);
      });
    } catch (error) {
      await worker.terminate();
      throw error;
    }
    worker.off('message', onMessage).off('exit', onExit).removeAllListeners('error');
    return new PgliteThread(worker);
  }

  get closed(): boolean {
    return this.#closed;
  }

  query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(undefined, sql, params, options);
  }

  exec(sql: string): Promise<Results[]> {
    return this.#request({ op: 'exec', sql }) as Promise<Results[]>;
  }

  async transaction<T>(callback: (tx: EmbeddedTransaction) => Promise<T>): Promise<T> {
    const tx = (await this.#request({ op: 'begin' })) as number;
    this.#openTransactions++;
    this.#worker.ref();
    const end = (commit: boolean) => this.#request({ op: 'end', tx, commit });
    try {
      const result = await callback({
        query: (sql, params, options) => this.#query(tx, sql, params ?? [], options),
        exec: (sql) => this.#request({ op: 'exec', tx, sql }) as Promise<Results[]>,
      });
      await end(true);
      return result;
    } catch (error) {
      // After a failed COMMIT the transaction is over already; the first error is the one to tell.
      await end(false).catch(() => undefined);
      throw error;
    } finally {
      this.#openTransactions--;
      this.#releaseIfIdle();
    }
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    const listener = (await this.#request({ op: 'listen', channel })) as number;
    this.#listeners.set(listener, callback);
    return async () => {
      this.#listeners.delete(listener);
      if (!this.#closed) await this.#request({ op: 'unlisten', listener });
    };
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    await this.#request({ op: 'close' });
    this.#closed = true;
    await this.#worker.terminate();
  }

  #query<T>(
    tx: number | undefined,
    sql: string,
    params: unknown[],
    options: QueryOptions | undefined,
  ): Promise<Results<T>> {
    return this.#request({
      op: 'query',
      tx,
      sql,
      params,
      rowMode: options?.rowMode ?? 'object',
      textTypes: Object.keys(options?.parsers ?? {}).map(Number),
    }) as Promise<Results<T>>;
  }

  #request(request: DistributiveOmit<WorkerRequest, 'id'>): Promise<unknown> {
    if (this.#closed) return Promise.reject(Object.assign(new Error(WORKER_STOPPED.message), WORKER_STOPPED));
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.ref();
      this.#worker.postMessage({ ...request, id } as WorkerRequest);
    });
  }

  #receive(message: WorkerReply): void {
    if (message.op === 'notification') {
      this.#listeners.get(message.listener)?.(message.payload);
      return;
    }
    if (message.op !== 'reply') return;
    const pending = this.#pending.get(message.id);
    if (!pending) return;
    this.#pending.delete(message.id);
    if (message.ok) pending.resolve(message.value);
    else pending.reject(errorFrom(message.error));
    this.#releaseIfIdle();
  }

  #releaseIfIdle(): void {
    if (this.#pending.size === 0 && this.#openTransactions === 0) this.#worker.unref();
  }

  #stopped(cause?: Error): void {
    // Only a failure inside the worker (out of memory, a WebAssembly abort) gets here before
    // close(): say so once; from now on every statement answers 'unavailable' and health 503.
    if (!this.#closed)
      console.error(`The embedded database stopped: ${cause?.message ?? 'its thread exited'}`);
    this.#closed = true;
    for (const { reject } of this.#pending.values()) {
      reject(Object.assign(new Error(WORKER_STOPPED.message, { cause }), WORKER_STOPPED));
    }
    this.#pending.clear();
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
