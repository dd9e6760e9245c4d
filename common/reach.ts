import { PRODUCT_NAME } from './product-copy.js';

/**
 * Reaching a parent who is away: kinds, labels, defaults and texts, without zod, so screens that
 * only show them (the unsubscribe page) stay light. common/schemas/reach.ts validates with them.
 */

/** What a parent can hear about when away, each switchable per channel. */
export const reachKinds = ['message', 'request', 'promise', 'pickup', 'review', 'match'] as const;
export type ReachKind = (typeof reachKinds)[number];

export const reachKindLabels: Record<ReachKind, { label: string; hint: string }> = {
  message: { label: 'New messages', hint: 'A message you have not read within a few minutes' },
  request: { label: 'Requests for your items', hint: 'A family asks for something you give away' },
  promise: { label: 'Chosen or released', hint: 'You are chosen for an item, or a promise ends' },
  pickup: { label: 'Pickups', hint: 'A pickup time is set or changed, and a reminder before it' },
  review: { label: 'Reviews due', hint: 'A handover is done and you can rate the other family' },
  match: { label: 'Matches', hint: 'A new item answers your Wanted post or saved search' },
};

/** The default quiet hours (the parent's local time): bedtime to breakfast. */
export const DEFAULT_QUIET_HOURS = { start: '21:00', end: '07:00' } as const;
/** An unread message is pushed after this long, and e-mailed after the longer wait. */
export const MESSAGE_PUSH_AFTER_MINUTES = 1;
export const MESSAGE_EMAIL_AFTER_MINUTES = 5;
/** At most one e-mail per conversation (or item) in this long; later news joins the next one. */
export const EMAIL_GROUP_COOLDOWN_MINUTES = 30;
/** A pickup reminder goes to both families this long before the agreed time. */
export const PICKUP_REMINDER_HOURS = 2;

export const UNSUBSCRIBE_LINK_INVALID = 'This link is not valid. Change your e-mails in Settings.';

/** Every e-mail (a digest's link), or one kind. */
export const unsubscribeScopes = [...reachKinds, 'all'] as const;

export const unsubscribedMessage = (kind: ReachKind | 'all') =>
  kind === 'all'
    ? `You will no longer get e-mails from ${PRODUCT_NAME}, except about your account and its security.`
    : `You will no longer get e-mails about ${reachKindLabels[kind].label.toLowerCase()}.`;
export const resubscribedMessage = (kind: ReachKind | 'all') =>
  kind === 'all'
    ? `E-mails from ${PRODUCT_NAME} are back on.`
    : `E-mails about ${reachKindLabels[kind].label.toLowerCase()} are back on.`;
