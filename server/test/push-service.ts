import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';

/** A push as the push service saw it: decrypted, with its VAPID claims checked. */
export type ReceivedPush = {
  device: string;
  payload: unknown;
  ttl: number;
  topic: string | undefined;
  claims: { aud: string; sub: string; exp: number };
  publicKey: string;
};

type Device = { ecdh: ECDH; auth: Buffer; status: number };

/**
 * A push service on localhost speaking the Web Push protocol (RFC 8030/8291/8292): it accepts
 * a push only when its VAPID JWT verifies against the key it carries, decrypts the aes128gcm
 * body with the device's private key, and records it. A device can be made to answer 410 Gone.
 */
export async function startTestPushService() {
  const devices = new Map<string, Device>();
  const received: ReceivedPush[] = [];
  const refused: { device: string; reason: string }[] = [];

  const server: Server = createServer((request, response) => {
    handle(request).then(
      (status) => response.writeHead(status).end(),
      () => response.writeHead(500).end(),
    );
  });

  async function handle(request: IncomingMessage): Promise<number> {
    const name = decodeURIComponent(request.url?.replace('/push/', '') ?? '');
    const device = devices.get(name);
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (!device) return 404;
    if (device.status !== 201) return device.status;
    const authorization = request.headers.authorization ?? '';
    const match = /^vapid t=([^,]+),\s*k=(.+)$/.exec(authorization);
    if (!match?.[1] || !match[2]) {
      refused.push({ device: name, reason: 'no VAPID authorization' });
      return 401;
    }
    const claims = verifyJwt(match[1], match[2]);
    if (!claims) {
      refused.push({ device: name, reason: 'VAPID signature does not verify' });
      return 403;
    }
    if (request.headers['content-encoding'] !== 'aes128gcm') return 415;
    const plain = decrypt(Buffer.concat(chunks), {
      version: 'aes128gcm',
      privateKey: device.ecdh,
      authSecret: device.auth,
    });
    received.push({
      device: name,
      payload: JSON.parse(plain.toString('utf8')) as unknown,
      ttl: Number(request.headers.ttl),
      topic: request.headers.topic as string | undefined,
      claims,
      publicKey: match[2],
    });
    return 201;
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    refused,
    /** A browser's PushSubscription.toJSON() for a new device named `name`. */
    subscribe(name: string) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      devices.set(name, { ecdh, auth, status: 201 });
      return {
        endpoint: `${origin}/push/${encodeURIComponent(name)}`,
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    /** From now on the device's endpoint answers this status (410: the browser unsubscribed). */
    answer(name: string, status: number) {
      const device = devices.get(name);
      if (device) device.status = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Checks an ES256 JWT against the uncompressed P-256 key in `k`; returns its claims. */
function verifyJwt(token: string, k: string): ReceivedPush['claims'] | null {
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) return null;
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return null;
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) return null;
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as ReceivedPush['claims'];
}
