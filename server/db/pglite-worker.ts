/**
 * The worker thread that owns the embedded database. PGlite runs PostgreSQL compiled to
 * WebAssembly, synchronously: on the main thread one heavy statement (a parent's list of 500
 * conversations) stopped every other request, health checks included, for as long as it ran.
 * Here it stops only this thread; the main thread keeps answering (docs/PERFORMANCE.md).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { createPglite } from './pglite.js';
import type {
  PgliteWorkerData,
  QueryRequest,
  WorkerError,
  WorkerReply,
  WorkerRequest,
} from './pglite-thread-protocol.js';

if (!parentPort) throw new Error('pglite-worker.ts runs as a worker thread');
const port = parentPort;

const send = (reply: WorkerReply) => port.postMessage(reply);

/** Thrown inside an open transaction's callback to roll it back. */
class RollBack extends Error {}

function errorOf(error: unknown): WorkerError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: WorkerError['fields'] = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  }
  return { name: error.name, message: error.message, fields };
}

const textParser = (value: string) => value;

async function run(database: PGlite) {
  /** Transactions the main thread holds open, by id, with what ends each one. */
  const openTransactions = new Map<
    number,
    { tx: Transaction; end: (commit: boolean) => void; ending: Promise<void> }
  >();
  const unlisteners = new Map<number, () => Promise<void>>();
  let nextId = 1;

  const executorOf = (tx: number | undefined): Pick<Transaction, 'query' | 'exec'> => {
    if (tx === undefined) return database;
    const open = openTransactions.get(tx);
    if (!open) throw new Error('The transaction has already ended');
    return open.tx;
  };

  const query = (request: QueryRequest) =>
    executorOf(request.tx).query(request.sql, request.params, {
      rowMode: request.rowMode,
      parsers: Object.fromEntries(request.textTypes.map((type) => [type, textParser])),
    });

  /**
   * Opens a transaction and answers with its id once it holds the database; the transaction
   * then waits for the main thread's 'end'. Its ending settles after COMMIT or ROLLBACK.
   */
  const begin = () =>
    new Promise<number>((answer, failed) => {
      let began = false;
      const ending: Promise<void> = database
        .transaction(async (tx) => {
          began = true;
          const id = nextId++;
          const commit = await new Promise<boolean>((end) => {
            openTransactions.set(id, { tx, end, ending });
            answer(id);
          });
          openTransactions.delete(id);
          if (!commit) throw new RollBack();
        })
        .catch((error: unknown) => {
          if (error instanceof RollBack) return;
          if (!began) failed(error);
          throw error;
        });
      // When BEGIN itself failed nobody awaits the ending: the failure went to `failed`.
      ending.catch(() => undefined);
    });

  const handle = async (request: WorkerRequest): Promise<unknown> => {
    switch (request.op) {
      case 'query':
        return await query(request);
      case 'exec':
        return await executorOf(request.tx).exec(request.sql);
      case 'begin':
        return await begin();
      case 'end': {
        const open = openTransactions.get(request.tx);
        if (!open) throw new Error('The transaction has already ended');
        open.end(request.commit);
        await open.ending;
        return null;
      }
      case 'listen': {
        // PGlite calls back while it reads the statement's answer, so a notification is posted
        // before the statement's own reply and the main thread hears of a change first.
        const listener = nextId++;
        unlisteners.set(
          listener,
          await database.listen(request.channel, (payload) =>
            send({ op: 'notification', listener, payload }),
          ),
        );
        return listener;
      }
      case 'unlisten': {
        const unlisten = unlisteners.get(request.listener);
        unlisteners.delete(request.listener);
        await unlisten?.();
        return null;
      }
      case 'close':
        if (!database.closed) await database.close();
        return null;
    }
  };

  port.on('message', (request: WorkerRequest) => {
    handle(request).then(
      (value) => send({ op: 'reply', id: request.id, ok: true, value }),
      (error: unknown) => send({ op: 'reply', id: request.id, ok: false, error: errorOf(error) }),
    );
  });
  send({ op: 'ready' });
}

const { dataDir, dump } = workerData as PgliteWorkerData;
createPglite(dump ? { loadDataDir: new Blob([dump]) } : dataDir ? { dataDir } : {}).then(
  run,
  (error: unknown) => send({ op: 'failed', error: errorOf(error) }),
);
