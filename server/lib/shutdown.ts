import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/client.js';

/** docs/OPERATIONS.md: SIGTERM / SIGINT exit 0 within 10 s. */
export const SHUTDOWN_DEADLINE_MS = 10_000;
/** Requests in flight get this long to finish; then the connections still open are cut. */
export const SHUTDOWN_GRACE_MS = 6_000;

/**
 * Stops accepting connections, lets requests in flight finish, then closes the database.
 * A client that stalls mid-request (an upload that stopped sending) would keep its request,
 * and so app.close(), waiting for as long as the connection lives: after graceMs the
 * connections still open are cut, so such requests end with an error and the close completes.
 */
export async function closeGracefully(
  app: FastifyInstance,
  database: Pick<DatabaseHandle, 'close'>,
  { graceMs = SHUTDOWN_GRACE_MS }: { graceMs?: number } = {},
): Promise<void> {
  const cut = setTimeout(() => {
    app.log.warn({ requestsInFlight: app.requestsInFlight() }, 'cutting connections still open');
    app.server.closeAllConnections();
  }, graceMs);
  cut.unref();
  try {
    await app.close();
  } finally {
    clearTimeout(cut);
  }
  await database.close();
}
