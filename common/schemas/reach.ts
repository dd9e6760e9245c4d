import { z } from 'zod';
import { text } from './primitives.js';
import { reachKinds, UNSUBSCRIBE_LINK_INVALID, unsubscribeScopes, type ReachKind } from '../reach.js';

export * from '../reach.js';

/**
 * Reaching a parent who is away: a push to her devices, or an e-mail when she has none, for
 * what matters; held through her quiet hours or gathered into a morning digest, never lost.
 * docs/decisions/016-reaching-parents-away.md says why it works this way.
 */

const channelSwitchesSchema = z.object({ push: z.boolean(), email: z.boolean() });
export type ChannelSwitches = z.infer<typeof channelSwitchesSchema>;

const clockTime = (field: string) =>
  text({ message: `${field} must be a time like 21:00` }).regex(
    /^([01][0-9]|2[0-3]):[0-5][0-9]$/,
    `${field} must be a time like 21:00`,
  );

/** An IANA time zone the server's clock knows, such as America/Chicago. */
export const timeZoneSchema = text({ message: 'Choose a time zone' })
  .max(64, 'Choose a time zone')
  .refine(isKnownTimeZone, 'Choose a time zone');

export function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

export const notificationSettingsSchema = z.object({
  kinds: z.object(
    Object.fromEntries(reachKinds.map((kind) => [kind, channelSwitchesSchema])) as {
      [K in ReachKind]: typeof channelSwitchesSchema;
    },
  ),
  quietHours: z.object({ enabled: z.boolean(), start: z.string(), end: z.string() }),
  /** Null until a browser of the parent's tells it; quiet hours wait for it. */
  timeZone: z.string().nullable(),
  /** One e-mail a morning (when quiet hours end) instead of pushes and e-mails through the day. */
  digest: z.boolean(),
  /** Devices that receive pushes. */
  pushDevices: z.number().int(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const updateNotificationSettingsSchema = z
  .strictObject({
    kinds: z
      .strictObject(
        Object.fromEntries(reachKinds.map((kind) => [kind, channelSwitchesSchema.partial().optional()])) as {
          [K in ReachKind]: z.ZodOptional<ReturnType<typeof channelSwitchesSchema.partial>>;
        },
      )
      .optional(),
    quietHours: z
      .strictObject({
        enabled: z.boolean({ message: 'enabled must be true or false' }).optional(),
        start: clockTime('The start of quiet hours').optional(),
        end: clockTime('The end of quiet hours').optional(),
      })
      .optional(),
    timeZone: timeZoneSchema.optional(),
    digest: z.boolean({ message: 'digest must be true or false' }).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Send at least one setting to change',
  });
export type UpdateNotificationSettingsInput = z.infer<typeof updateNotificationSettingsSchema>;

const base64url = (field: string) =>
  text({ message: `${field} is required` })
    .min(1, `${field} is required`)
    .max(200, `${field} is too long`)
    .regex(/^[A-Za-z0-9_-]+=*$/, `${field} must be base64url`);

/** A browser's PushSubscription.toJSON(), plus the zone that browser is in. */
export const pushSubscriptionSchema = z.object({
  endpoint: text({ message: 'endpoint is required' })
    .max(2000, 'endpoint is too long')
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
      message: 'endpoint must be an http(s) URL',
    })
    .meta({ format: 'uri', pattern: '^https?://' }),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url('keys.p256dh'), auth: base64url('keys.auth') }),
  timeZone: timeZoneSchema.optional(),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const removePushSubscriptionSchema = z.object({
  endpoint: text({ message: 'endpoint is required' }).max(2000, 'endpoint is too long'),
});

export const pushKeySchema = z.object({ publicKey: z.string() });

/** What a push carries to the service worker, which shows it and opens `url` on a tap. */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  /** One notification per conversation or item on the device: a newer one replaces it. */
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

const unsubscribeTokenSchema = text({ message: UNSUBSCRIBE_LINK_INVALID })
  .min(1, UNSUBSCRIBE_LINK_INVALID)
  .max(300, UNSUBSCRIBE_LINK_INVALID);
/** The page's call: the token from the link in the body. */
export const unsubscribeSchema = z.object({ token: unsubscribeTokenSchema });
/**
 * A mail program's one-click call (RFC 8058): the token in the List-Unsubscribe URL, and a form
 * body 'List-Unsubscribe=One-Click'.
 */
export const oneClickUnsubscribeQuerySchema = z.object({ token: unsubscribeTokenSchema.optional() });
export const unsubscribeResultSchema = z.object({
  kind: z.enum(unsubscribeScopes),
  email: z.boolean(),
  message: z.string(),
});
export type UnsubscribeResult = z.infer<typeof unsubscribeResultSchema>;
