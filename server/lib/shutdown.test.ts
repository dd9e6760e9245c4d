import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loginAs, makeUser } from '../test/factories.js';
import { makeTestApp, type TestApp } from '../test/test-app.js';
import { closeGracefully } from './shutdown.js';

let t: TestApp;
let port: number;
let cookie: string;
let closed = false;
beforeAll(async () => {
  t = await makeTestApp();
  cookie = await loginAs(t.app, await makeUser(t.db));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  if (!closed) await t.close();
});

/** Sends the headers and the start of a photo upload, then nothing more: a stalled client. */
function stallMidUpload(): net.Socket {
  const boundary = 'stalled-boundary';
  const start = `--${boundary}\r\ncontent-disposition: form-data; name="images"; filename="a.png"\r\ncontent-type: image/png\r\n\r\n\x89PNG`;
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  socket.write(
    [
      'POST /api/upload HTTP/1.1',
      'host: 127.0.0.1',
      `cookie: ${cookie}`,
      `content-type: multipart/form-data; boundary=${boundary}`,
      'content-length: 1000000',
      '',
      start,
    ].join('\r\n'),
  );
  return socket;
}

describe('closing the app (SIGTERM)', () => {
  it('finishes within the grace period while a client stalls mid-upload', async () => {
    const socket = stallMidUpload();
    await vi.waitFor(() => expect(t.app.requestsInFlight()).toBe(1), { timeout: 5_000, interval: 20 });
    const started = performance.now();
    await closeGracefully(t.app, t.database, { graceMs: 500 });
    closed = true;
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(t.app.requestsInFlight()).toBe(0);
    socket.destroy();
  });
});
