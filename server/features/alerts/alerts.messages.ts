import { PRODUCT_NAME } from '../../../common/product-copy.js';
import type { NotificationKind } from '../../../common/schemas/alerts.js';
import type { ListedItem } from './alerts.repo.js';
import { escapeHtml } from '../../lib/html.js';

/** Why a parent hears about an item: the Wanted post or saved search it answers. */
export type AlertReason =
  | { kind: Extract<NotificationKind, 'wanted-match'>; postTitle: string }
  | { kind: Extract<NotificationKind, 'saved-search-match'>; searchName: string };

export type AlertEntry = {
  item: Pick<ListedItem, 'id' | 'title' | 'exchangeType' | 'price' | 'city'>;
  reason: AlertReason;
};

/** notifications.title is varchar(255). */
const TITLE_MAX = 255;

export function alertTitle({ item, reason }: AlertEntry): string {
  const title =
    reason.kind === 'wanted-match'
      ? `"${item.title}" matches your Wanted post "${reason.postTitle}"`
      : `New for your saved search "${reason.searchName}": ${item.title}`;
  return title.length > TITLE_MAX ? `${title.slice(0, TITLE_MAX - 1)}…` : title;
}

/** "Free in Austin", "Swap", "For sale at $12.50 in Lyon". */
export function alertBody({ item }: AlertEntry): string {
  const offer =
    item.exchangeType === 'sell' && item.price
      ? `For sale at $${item.price}`
      : item.exchangeType === 'swap'
        ? 'Swap'
        : 'Free';
  return item.city ? `${offer} in ${item.city}` : offer;
}

export function itemLink(publicUrl: string, itemId: number): string {
  return `${publicUrl}/item/${itemId}`;
}

/**
 * One e-mail for everything a parent hears about in one listing (a bulk listing can bring
 * several items at once), with links built on PUBLIC_URL and the way to stop these e-mails.
 */
export function composeAlertEmail(
  entries: AlertEntry[],
  publicUrl: string,
): { subject: string; text: string; html: string } {
  const [first] = entries;
  const subject =
    entries.length === 1 && first
      ? `New match on ${PRODUCT_NAME}: ${first.item.title}`
      : `${entries.length} new items on ${PRODUCT_NAME} match your alerts`;
  const settings = `${publicUrl}/settings`;
  const lines = entries.map(
    (entry) => `- ${alertTitle(entry)}\n  ${alertBody(entry)}\n  ${itemLink(publicUrl, entry.item.id)}`,
  );
  const text = [
    'Good news: something you are looking for was just listed.',
    '',
    ...lines,
    '',
    `You receive these e-mails because e-mail notifications are on. Turn them off in Settings: ${settings}`,
  ].join('\n');
  const html = [
    '<p>Good news: something you are looking for was just listed.</p>',
    '<ul>',
    ...entries.map(
      (entry) =>
        `<li><a href="${escapeHtml(itemLink(publicUrl, entry.item.id))}">${escapeHtml(alertTitle(entry))}</a><br>${escapeHtml(alertBody(entry))}</li>`,
    ),
    '</ul>',
    `<p>You receive these e-mails because e-mail notifications are on. <a href="${escapeHtml(settings)}">Turn them off in Settings</a>.</p>`,
  ].join('\n');
  return { subject, text, html };
}
