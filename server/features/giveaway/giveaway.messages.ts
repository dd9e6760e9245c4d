import type { GiveawayNotificationKind } from '../../../common/schemas/giveaway.js';

/** A bell notice: notifications.title is varchar(255). */
export type Notice = { kind: GiveawayNotificationKind; title: string; body: string | null };

const TITLE_MAX = 255;
const clip = (title: string) => (title.length > TITLE_MAX ? `${title.slice(0, TITLE_MAX - 1)}…` : title);
const notice = (kind: GiveawayNotificationKind, title: string, body: string | null): Notice => ({
  kind,
  title: clip(title),
  body,
});

export const requestNotice = (requester: string, title: string, note: string | null) =>
  notice('giveaway-request', `${requester} asked for ${title}`, note);

export const chosenNotice = (owner: string, title: string) =>
  notice(
    'giveaway-chosen',
    `You've been chosen for ${title}`,
    `${owner} chose you. Agree a pickup time and a place to meet.`,
  );

export const pickupNotice = (who: string, title: string, location: string | null) =>
  notice('giveaway-pickup', `${who} updated the pickup for ${title}`, location);

export const confirmHandedOverNotice = (giver: string, title: string) =>
  notice(
    'giveaway-confirm',
    `${giver} says ${title} was handed over`,
    'Confirm you received it, so the handover counts.',
  );

export const confirmReceivedNotice = (receiver: string, title: string) =>
  notice(
    'giveaway-confirm',
    `${receiver} says they received ${title}`,
    'Confirm you handed it over, so the handover counts.',
  );

export const recordedNotice = (giver: string, title: string) =>
  notice(
    'giveaway-confirm',
    `${giver} says you received ${title}`,
    'Confirm it if you did: only a handover you both confirm counts.',
  );

export const releasedNotice = (who: string, title: string, toGiver: boolean) =>
  notice(
    'giveaway-released',
    `${who} released the promise of ${title}`,
    toGiver ? 'You can choose another family who asked.' : 'The promise has ended.',
  );

export const lapsedNotice = (title: string, toGiver: boolean) =>
  notice(
    'giveaway-lapsed',
    `The promise of ${title} has lapsed`,
    toGiver
      ? 'No handover was confirmed in time. You can choose another family who asked.'
      : 'No handover was confirmed in time, so the promise has ended.',
  );

export const noShowNotice = (giver: string, title: string) =>
  notice('giveaway-no-show', `${giver} says you did not come for ${title}`, 'The promise has ended.');

export const closedNotice = (title: string) =>
  notice(
    'giveaway-closed',
    `${title} has gone to another family`,
    'Thank you for asking; there will be more.',
  );

export const reviewDueNotice = (other: string, title: string) =>
  notice(
    'review-due',
    `How did it go with ${other}?`,
    `The handover of ${title} is complete. Leave a review.`,
  );
