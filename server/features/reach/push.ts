import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';
import type { PushPayload } from '../../../common/schemas/reach.js';

/** The server's identity towards push services (RFC 8292), like the session secret kept once. */
export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/**
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when both are set, otherwise a pair generated once and
 * kept in DATA_DIR/vapid-keys.json: a new pair would silently end every browser's subscription.
 */
export function resolveVapidKeys(
  configured: { publicKey: string; privateKey: string } | undefined,
  subject: string,
  dataDir: string,
): VapidKeys {
  if (configured) return { ...configured, subject };
  const path = join(dataDir, 'vapid-keys.json');
  if (existsSync(path)) {
    const kept = JSON.parse(readFileSync(path, 'utf8')) as Partial<VapidKeys>;
    if (kept.publicKey && kept.privateKey)
      return { publicKey: kept.publicKey, privateKey: kept.privateKey, subject };
  }
  mkdirSync(dataDir, { recursive: true });
  const generated = webpush.generateVAPIDKeys();
  writeFileSync(path, JSON.stringify(generated), { mode: 0o600 });
  return { ...generated, subject };
}

/** A pair for this process only (tests, one-off tools). */
export function ephemeralVapidKeys(subject: string): VapidKeys {
  return { ...webpush.generateVAPIDKeys(), subject };
}

export type PushTarget = { endpoint: string; p256dh: string; auth: string };
/** delivered: the push service took it; gone: the subscription no longer exists (remove it). */
export type PushOutcome = 'delivered' | 'gone' | 'failed';

/** A push waits at most a day for a phone that is off; news older than that has been mailed. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
const PUSH_TIMEOUT_MS = 10_000;

/**
 * Encrypts the payload for one browser (RFC 8291, aes128gcm), signs the request with the VAPID
 * key and posts it to the browser's push service. web-push builds the request; fetch sends it,
 * so a push service on plain http (a local one in tests) is reached the same way.
 */
export async function sendPush(
  target: PushTarget,
  payload: PushPayload,
  keys: VapidKeys,
): Promise<PushOutcome> {
  const request = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: PUSH_TTL_SECONDS,
      urgency: 'normal',
      // One pending push per conversation or item at the push service: a newer one replaces it.
      topic: topicOf(payload.tag),
    },
  );
  const response = await fetch(request.endpoint, {
    method: request.method,
    headers: request.headers as Record<string, string>,
    body: new Uint8Array(request.body),
    signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
  }).catch(() => undefined);
  if (!response) return 'failed';
  await response.body?.cancel();
  if (response.status === 404 || response.status === 410) return 'gone';
  return response.ok ? 'delivered' : 'failed';
}

/** RFC 8030 topics are at most 32 URL-safe base64 characters. */
function topicOf(tag: string): string {
  return Buffer.from(tag).toString('base64url').slice(0, 32);
}
