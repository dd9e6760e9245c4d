import net from 'node:net';

export type TcpProxy = {
  /** The same URL, pointing at the proxy instead. */
  urlFor(databaseUrl: string): string;
  port: number;
  /** A silent partition: connections stay open, accepted, and nothing passes either way. */
  hold(): void;
  /** A hard outage: every connection is cut, new ones are refused. */
  cut(): void;
  /** The network is back; held bytes flow again. */
  restore(): void;
  close(): Promise<void>;
};

/**
 * A TCP proxy between the app and PostgreSQL that a test can hold (a partition that keeps
 * connections silent) or cut (PostgreSQL unreachable), for the database fault tests.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: 'open' | 'hold' | 'cut' = 'open';
  const pairs = new Set<[net.Socket, net.Socket]>();
  const server = net.createServer((client) => {
    if (mode === 'cut') {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    // No pipe(): it would resume a paused side by itself. A paused side reads nothing, so the
    // peer's bytes wait in the kernel, just as during a partition.
    for (const [from, to] of [pair, [upstream, client] as const]) {
      from.on('data', (chunk) => to.write(chunk));
      from.on('error', () => to.destroy());
      from.on('close', () => {
        to.destroy();
        pairs.delete(pair);
      });
    }
    if (mode === 'hold') {
      client.pause();
      upstream.pause();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    urlFor(databaseUrl) {
      const url = new URL(databaseUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    hold() {
      mode = 'hold';
      for (const [client, upstream] of pairs) {
        client.pause();
        upstream.pause();
      }
    },
    cut() {
      mode = 'cut';
      for (const [client, upstream] of pairs) {
        client.destroy();
        upstream.destroy();
      }
    },
    restore() {
      mode = 'open';
      for (const [client, upstream] of pairs) {
        client.resume();
        upstream.resume();
      }
    },
    async close() {
      for (const [client, upstream] of pairs) {
        client.destroy();
        upstream.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
