import { PRODUCT_NAME } from '../../../common/limits.js';
import type { GiveawayNotificationKind } from '../../../common/schemas/giveaway.js';
import { itemLink } from '../alerts/alerts.messages.js';

/** A bell notice: notifications.title is varchar(255). */
export type Notice = { kind: GiveawayNotificationKind; title: string; body: string | null };
export type Email = { subject: string; text: string; html: string };

const TITLE_MAX = 255;
const clip = (title: string) => (title.length > TITLE_MAX ? `${title.slice(0, TITLE_MAX - 1)}…` : title);
const notice = (kind: GiveawayNotificationKind, title: string, body: string | null): Notice => ({
  kind,
  title: clip(title),
  body,
});

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** An e-mail of a few plain paragraphs and one link to the item, with the way to stop them. */
function email(
  subject: string,
  paragraphs: string[],
  link: { label: string; url: string },
  publicUrl: string,
) {
  const settings = `${publicUrl}/settings`;
  const footer = 'You receive these e-mails because e-mail notifications are on.';
  return {
    subject,
    text: [
      ...paragraphs,
      `${link.label}: ${link.url}`,
      `${footer} Turn them off in Settings: ${settings}`,
    ].join('\n\n'),
    html: [
      ...paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
      `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`,
      `<p>${escapeHtml(footer)} <a href="${escapeHtml(settings)}">Turn them off in Settings</a>.</p>`,
    ].join('\n'),
  };
}

export const requestNotice = (requester: string, title: string, note: string | null) =>
  notice('giveaway-request', `${requester} asked for ${title}`, note);

export const chosenNotice = (owner: string, title: string) =>
  notice(
    'giveaway-chosen',
    `You've been chosen for ${title}`,
    `${owner} chose you. Agree a pickup time and a place to meet.`,
  );

export function chosenEmail(owner: string, title: string, itemId: number, publicUrl: string): Email {
  return email(
    `You've been chosen for ${title}`,
    [
      `Good news: ${owner} chose you for "${title}" on ${PRODUCT_NAME}.`,
      'Agree a pickup time and a safe place to meet. If you no longer need it, release it so another family can have it.',
    ],
    { label: 'Open the item', url: itemLink(publicUrl, itemId) },
    publicUrl,
  );
}

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

export function reviewDueEmail(other: string, title: string, itemId: number, publicUrl: string): Email {
  return email(
    `How did it go with ${other}?`,
    [
      `You and ${other} both confirmed the handover of "${title}" on ${PRODUCT_NAME}.`,
      'A short review helps other families know who they are meeting.',
    ],
    { label: 'Leave a review', url: itemLink(publicUrl, itemId) },
    publicUrl,
  );
}
