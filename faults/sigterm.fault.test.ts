import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../server/test/factories.js';
import {
  embeddedStore,
  openEventStream,
  signIn,
  startServer,
  type RunningServer,
  type Store,
} from './support.js';

// docs/OPERATIONS.md: SIGTERM exits 0 within 10 s, also while clients stall (one client
// stalled mid-upload must not hold it past 10 s and make it exit 1).
let store: Store;
let server: RunningServer;
let cookie: string;
beforeAll(async () => {
  store = embeddedStore();
  const seeded = await store.open();
  await seeded.migrate();
  const user = await makeUser(seeded.db);
  await seeded.close();
  server = await startServer(store.env);
  cookie = await signIn(server.base, user.email);
}, 120_000);
afterAll(async () => {
  server.child.kill('SIGKILL');
  await server.exited;
  await store.remove();
});

/** Opens a request, sends its headers and the start of its body, and then nothing more. */
function stall(lines: string[], bodyStart: string): net.Socket {
  const { port } = new URL(server.base);
  const socket = net.connect(Number(port), '127.0.0.1');
  socket.on('error', () => undefined);
  socket.write(
    [...lines, 'host: 127.0.0.1', `cookie: ${cookie}`, 'content-length: 1000000', '', bodyStart].join('\r\n'),
  );
  return socket;
}

describe('SIGTERM', () => {
  it('exits 0 within 10 s while one client stalls mid-upload, another mid-JSON and a page listens', async () => {
    const boundary = 'stalled';
    const sockets = [
      stall(
        ['POST /api/upload HTTP/1.1', `content-type: multipart/form-data; boundary=${boundary}`],
        `--${boundary}\r\ncontent-disposition: form-data; name="images"; filename="a.png"\r\ncontent-type: image/png\r\n\r\n\x89PNG`,
      ),
      stall(['POST /api/wishlists HTTP/1.1', 'content-type: application/json'], '{"title": "half'),
    ];
    const events = await openEventStream(server.base, cookie);
    // Both stalled requests have reached the server before the signal.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const started = Date.now();
    server.child.kill('SIGTERM');
    const exit = await server.exited;
    expect(exit).toEqual({ code: 0, signal: null });
    expect(Date.now() - started).toBeLessThan(10_000);
    events.close();
    for (const socket of sockets) socket.destroy();
  });
});
